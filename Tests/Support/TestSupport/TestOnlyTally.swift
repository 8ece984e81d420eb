import DependencyValues

/// A key with a test value only (no live value), whose value keeps state per instance: what a
/// test of a missing live value reads and changes.
///
/// ```swift
/// withDependencies { $0.context = .live } operation: { _ = Reader().tally.value }  // reported
/// ```
public enum TestOnlyTally: TestDependencyKey {
  public static var testValue: Shared<Int> { Shared(0) }
}

extension Dependencies {
  /// The value of `TestOnlyTally`.
  public var testOnlyTally: Shared<Int> {
    get { self[TestOnlyTally.self] }
    set { self[TestOnlyTally.self] = newValue }
  }
}
