import ComposableEnv
import ComposableEnvTesting
import Testing

/// swift-dependencies' `shouldReportUnimplemented` in ComposableEnv: a test value made to change
/// part of it is not a use of it.
@Suite struct ShouldReportUnimplementedTests {
  @Test func aTestValueMadeToSetPartOfItShouldNotReport() {
    let environment = withDependencyTestContext {
      ReportingEnvironment().with(\.reportingProbe.label, "set")
    }
    #expect(environment.probe.label == "set")
    #expect(environment.probe.shouldReport == false)
  }

  @Test func aTestValueMadeToUseItShouldReport() {
    #expect(withDependencyTestContext { ReportingEnvironment().probe.shouldReport })
  }
}

/// Records, when its test value is made, whether that test value should report an issue.
private struct ReportingProbe: Sendable {
  var shouldReport: Bool
  var label = ""
}

private enum ReportingProbeKey: TestDependencyKey {
  static var testValue: ReportingProbe { ReportingProbe(shouldReport: shouldReportUnimplemented) }
}

extension DependencyValues {
  fileprivate var reportingProbe: ReportingProbe {
    get { self[ReportingProbeKey.self] }
    set { self[ReportingProbeKey.self] = newValue }
  }
}

private final class ReportingEnvironment: ComposableEnvironment {
  @Dependency(\.reportingProbe) var probe
}
