import ComposableEnvServices
import Foundation
import Testing

@testable import DependencyServices

/// What the services' errors and states say.
@Suite struct ServiceMessagesTests {
  @Test func aServiceThatIsNotRunningSaysWhatToCall() {
    let message = ServiceA.notRunningMessage
    #expect(message.contains("ServiceA is a service that is not running"))
    #expect(message.contains("startServices(ServiceA.self"))
    #expect(message.contains("services.start(ServiceA.self)"))
  }

  @Test func aStartErrorNamesTheKeyAndTheChain() {
    let error = ServiceStartError(
      key: "Database", chain: ["Server", "Database"], underlying: Failure(name: "refused"))
    #expect(
      "\(error)"
        == "Service Database failed to start (Server → Database): \(Failure(name: "refused"))")
  }

  @Test func aCycleErrorNamesTheKeys() {
    #expect(
      "\(ServiceCycleError(keys: ["A", "B", "A"]))"
        == "Services need each other to start: A → B → A")
  }

  @Test func aStopErrorNamesWhatThrewAndWhatOverran() {
    let error = ServiceStopError(
      failures: [("Cache", Failure(name: "flush"))], overdue: ["Database"])
    #expect("\(error)".contains("Cache threw"))
    #expect("\(error)".contains("Database overran its deadline"))
  }

  @Test func aMisuseErrorSaysWhatItIsGiven() {
    #expect("\(ServiceMisuseError(description: "started twice"))" == "started twice")
  }

  @Test func statesReadAsTheTreePrintsThem() {
    #expect(ServiceState.notStarted.description == "not started")
    #expect(ServiceState.running.description == "running")
  }
}
