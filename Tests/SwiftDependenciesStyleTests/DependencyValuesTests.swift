// Written as a swift-dependencies 1.x user writes it: only the imports differ
// (`import GlobalEnv` in place of `import Dependencies`, `import GlobalEnvTesting` in place of
// `import DependenciesTestSupport`). The names and behaviours swift-dependencies' own test suite
// relies on.
import Foundation
import GlobalEnv
import GlobalEnvTesting
import Testing

/// swift-dependencies' `DependencyValues` as a value: `_current`, `.live`, `.preview`, `.test`,
/// and `shouldReportUnimplemented` in a key's test value.
@Suite struct DependencyValuesTests {
  @Test func currentValuesReadTheScopesOverrides() {
    withDependencies {
      $0.apiBaseURL = URL(string: "https://scope.example.com")!
    } operation: {
      #expect(DependencyValues._current.apiBaseURL == URL(string: "https://scope.example.com")!)
    }
  }

  @Test func aWriteToTheCurrentValuesChangesNoScope() {
    withDependencies {
      $0.apiBaseURL = URL(string: "https://scope.example.com")!
    } operation: {
      var values = DependencyValues._current
      values.apiBaseURL = URL(string: "https://copy.example.com")!

      @Dependency(\.apiBaseURL) var apiBaseURL
      #expect(values.apiBaseURL == URL(string: "https://copy.example.com")!)
      #expect(apiBaseURL == URL(string: "https://scope.example.com")!)
    }
  }

  @Test func testValuesHaveTheTestContext() {
    #expect(DependencyValues.test.context == .test)
  }

  @Test func liveValuesHaveTheLiveContext() {
    #expect(DependencyValues.live.context == .live)
    #expect(DependencyValues.live.apiBaseURL == URL(string: "https://api.example.com")!)
  }

  @Test func previewValuesHaveThePreviewContext() {
    #expect(DependencyValues.preview.context == .preview)
    #expect(DependencyValues.preview.apiBaseURL == URL(string: "https://preview.example.com")!)
  }

  @Test func aTestValueReadToSetPartOfItShouldNotReportUnimplemented() {
    let reported = withDependencies {
      $0.reportingWhileSetting.label = "set"
    } operation: {
      @Dependency(\.reportingWhileSetting) var probe
      return probe.shouldReport
    }

    #expect(reported == false)
  }

  @Test func aTestValueReadToUseItShouldReportUnimplemented() {
    @Dependency(\.reportingWhenUsed) var probe
    #expect(probe.shouldReport)
  }
}

/// Records, when its test value is made, whether that test value should report an issue.
private nonisolated struct ReportProbe: Sendable {
  var shouldReport: Bool
  var label = ""
}

private nonisolated enum ReportingWhileSettingKey: TestDependencyKey {
  static var testValue: ReportProbe { ReportProbe(shouldReport: shouldReportUnimplemented) }
}

private nonisolated enum ReportingWhenUsedKey: TestDependencyKey {
  static var testValue: ReportProbe { ReportProbe(shouldReport: shouldReportUnimplemented) }
}

extension DependencyValues {
  fileprivate nonisolated var reportingWhileSetting: ReportProbe {
    get { self[ReportingWhileSettingKey.self] }
    set { self[ReportingWhileSettingKey.self] = newValue }
  }

  fileprivate nonisolated var reportingWhenUsed: ReportProbe {
    get { self[ReportingWhenUsedKey.self] }
    set { self[ReportingWhenUsedKey.self] = newValue }
  }
}

/// A client whose test value reads another dependency, declared in its getter.
private nonisolated struct ParentClient: TestDependencyKey {
  var childValue: @Sendable () -> Int
  static var testValue: ParentClient {
    @Dependency(\.childNumber) var childNumber
    return ParentClient { childNumber }
  }
}

private nonisolated enum ChildNumberKey: TestDependencyKey {
  static let testValue = 1729
}

extension DependencyValues {
  fileprivate nonisolated var parentClient: ParentClient {
    get { self[ParentClient.self] }
    set { self[ParentClient.self] = newValue }
  }

  fileprivate nonisolated var childNumber: Int {
    get { self[ChildNumberKey.self] }
    set { self[ChildNumberKey.self] = newValue }
  }
}

/// A model whose first read of `parentClient` computes its test value.
private nonisolated struct ParentModel: Sendable {
  @Dependency(\.parentClient) var parentClient
}

extension DependencyValuesTests {
  @Test func aTestValueThatReadsADependencyReadsItWithTheValuesOfTheModelThatReadIt() {
    let model = withDependencies {
      $0.childNumber = 1
    } operation: {
      ParentModel()
    }

    #expect(model.parentClient.childValue() == 1)
    let overridden = withDependencies {
      $0.childNumber = 42
    } operation: {
      model.parentClient.childValue()
    }
    #expect(overridden == 42)
  }
}
