import ComposableEnv
import ComposableEnvTesting
import Foundation
import TestSupport
import Testing

// Where a missing test value is reported, and what the report costs. Keys of these tests only.

/// A client with a field, for a key path that goes on into it.
struct LocatedClient: Sendable {
  var name: String
}

extension DependencyKeys {
  fileprivate enum LocatedUnset: DependencyKey {
    static var defaultValue: String { "live" }
  }

  fileprivate enum LocatedClientKey: DependencyKey {
    static var defaultValue: LocatedClient { LocatedClient(name: "live") }
  }

  fileprivate enum LocatedInner: DependencyKey {
    static var defaultValue: String { "live" }
  }

  /// A test value that reads another dependency as a member, which cannot say where it is read.
  fileprivate enum LocatedOuter: DependencyKey {
    static var defaultValue: String { "live" }
    static var testValue: String { "outer of " + LocatedEnvironment().locatedInner }
  }
}

extension Dependencies {
  fileprivate var locatedUnset: String {
    get { self[DependencyKeys.LocatedUnset.self] }
    set { self[DependencyKeys.LocatedUnset.self] = newValue }
  }

  fileprivate var locatedClient: LocatedClient {
    get { self[DependencyKeys.LocatedClientKey.self] }
    set { self[DependencyKeys.LocatedClientKey.self] = newValue }
  }

  fileprivate var locatedInner: String {
    get { self[DependencyKeys.LocatedInner.self] }
    set { self[DependencyKeys.LocatedInner.self] = newValue }
  }

  fileprivate var locatedOuter: String {
    get { self[DependencyKeys.LocatedOuter.self] }
    set { self[DependencyKeys.LocatedOuter.self] = newValue }
  }
}

private final class LocatedEnvironment: ComposableEnvironment {
  static let keyPathLine = #line + 1
  @Dependency(\.locatedUnset) var byKeyPath
  static let keyTypeLine = #line + 1
  @Dependency(DependencyKeys.LocatedUnset.self) var byKeyType
  static let projectionLine = #line + 1
  @Dependency(\.locatedClient.name) var clientName
  static let outerLine = #line + 1
  @Dependency(\.locatedOuter) var outer
}

@Suite struct ReportLocationTests {
  @Test(.dependencyTestContext) func aKeyPathPropertysReportIsAtItsDeclaration() {
    let environment = LocatedEnvironment()
    let locations = recordedIssueLocations { _ = environment.byKeyPath }
    #expect(locations.count == 1)
    #expect(locations.first??.fileID == "ComposableEnvTests/ReportLocationTests.swift")
    #expect(locations.first??.line == LocatedEnvironment.keyPathLine)
  }

  @Test(.dependencyTestContext) func aKeyTypePropertysReportIsAtItsDeclaration() {
    let environment = LocatedEnvironment()
    let locations = recordedIssueLocations { _ = environment.byKeyType }
    #expect(locations.count == 1)
    #expect(locations.first??.fileID == "ComposableEnvTests/ReportLocationTests.swift")
    #expect(locations.first??.line == LocatedEnvironment.keyTypeLine)
  }

  @Test(.dependencyTestContext) func aPropertyIntoADependencysValueReportsAtItsDeclaration() {
    let environment = LocatedEnvironment()
    let locations = recordedIssueLocations { _ = environment.clientName }
    #expect(locations.count == 1)
    #expect(locations.first??.line == LocatedEnvironment.projectionLine)
  }

  @Test(.dependencyTestContext) func aPropertyIntoADependencysValueNamesTheDependency() {
    let environment = LocatedEnvironment()
    let messages = recordedIssues { _ = environment.clientName }
    #expect(messages.count == 1)
    #expect(
      messages.first?.contains(
        nameOfRead("\\Dependencies.locatedClient", key: "DependencyKeys.LocatedClientKey")) == true)
  }

  @Test(.dependencyTestContext) func aKeyTypeSubscriptsReportIsAtTheRead() {
    let environment = LocatedEnvironment()
    var line = 0
    let locations = recordedIssueLocations {
      line = #line + 1
      _ = environment[DependencyKeys.LocatedUnset.self]
    }
    #expect(locations.first??.fileID == "ComposableEnvTests/ReportLocationTests.swift")
    #expect(locations.first??.line == line)
  }

  @Test(.dependencyTestContext) func aMemberReadsReportIsAtTheRunningTest() {
    let environment = LocatedEnvironment()
    let test = Test.current?.sourceLocation
    let locations = recordedIssueLocations { _ = environment.locatedUnset }
    #expect(locations.count == 1)
    #expect(locations.first??.fileID == "ComposableEnvTests/ReportLocationTests.swift")
    #expect(locations.first??.line == test?.line)
  }

  @Test(.dependencyTestContext) func aMemberReadInsideAPropertysReadReportsAtTheProperty() {
    let locations = recordedIssueLocations { _ = LocatedEnvironment().outer }
    #expect(locations.count == 1)
    #expect(locations.first??.line == LocatedEnvironment.outerLine)
  }
}
