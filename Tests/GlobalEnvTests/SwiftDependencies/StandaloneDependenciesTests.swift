import Foundation
import GlobalEnv
import TestSupport
import Testing

/// A key with a value for each context, to tell which one an unset read gives.
private enum ContextualKey: DependencyKey {
  static var defaultValue: String { "live" }
  static var previewValue: String { "preview" }
  static var testValue: String { "test" }
}

/// A key that declares no test value.
private enum UndeclaredTestValueKey: DependencyKey {
  static var defaultValue: Int { 7 }
}

extension DependencyValues {
  fileprivate var contextual: String {
    get { self[ContextualKey.self] }
    set { self[ContextualKey.self] = newValue }
  }

  fileprivate var undeclaredTestValue: Int {
    get { self[UndeclaredTestValueKey.self] }
    set { self[UndeclaredTestValueKey.self] = newValue }
  }
}

/// `DependencyValues()`: a value of its own, outside any environment.
@Suite struct StandaloneDependenciesTests {
  @Test func aWriteStaysInTheValue() {
    var values = DependencyValues()
    values.contextual = "written"
    #expect(values.contextual == "written")
  }

  @Test func aCopyDoesNotShareLaterWrites() {
    var values = Dependencies()
    values.contextual = "first"
    var copy = values
    copy.contextual = "second"
    #expect(values.contextual == "first")
    #expect(copy.contextual == "second")
  }

  @Test func settingTheDatesNowInTheValueFixesIt() {
    var values = DependencyValues()
    values.context = .live  // setting `now` reads the date first: its live value has no report
    values.date.now = Date(timeIntervalSince1970: 42)
    #expect(values.date() == Date(timeIntervalSince1970: 42))
  }

  @Test func anUnsetKeyReadsItsTestValueInATestProcess() {
    #expect(DependencyValues().contextual == "test")
    #expect(DependencyValues().context == .test)
  }

  @Test func anUnsetKeyReadsItsLiveValueWhereTheValuesContextIsLive() {
    var values = DependencyValues()
    values.context = .live
    #expect(values.contextual == "live")
  }

  @Test func anUnsetKeyReadsItsPreviewValueWhereTheValuesContextIsPreview() {
    var values = DependencyValues()
    values.context = .preview
    #expect(values.contextual == "preview")
  }

  @Test func anUnsetKeyWithoutATestValueFailsTheTestNamingIt() {
    var value = 0
    let messages = recordedIssues { value = DependencyValues().undeclaredTestValue }
    #expect(value == 7)
    #expect(messages.count == 1)
    #expect(messages.first?.contains("UndeclaredTestValueKey has no test value") == true)
  }
}
