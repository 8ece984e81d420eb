import _EnvironmentAtomics

/// Tells a key's declared test value from the protocol's default one: the default marks the
/// calling thread with its key before returning (see `DependencyKey.testValue`).
package enum TestValueMark {
  /// Marks `Key` as declaring no test value, on this thread.
  static func markUndeclared<Key: DependencyKey>(_: Key.Type) {
    environment_test_value_mark(UInt(bitPattern: ObjectIdentifier(Key.self)))
  }

  /// `Key`'s test value, and whether `Key` declares it (rather than falling back on its default).
  ///
  /// ```swift
  /// let (value, declared) = TestValueMark.testValue(of: DependencyKeys.Clock.self)
  /// ```
  ///
  /// A test value that reads other dependencies computes their test values first, on this
  /// thread; each of those takes its own mark, so only `Key`'s mark is left when it returns.
  package static func testValue<Key: TestDependencyKey>(of _: Key.Type) -> (
    value: Key.Value, declared: Bool
  ) {
    _ = environment_test_value_mark_take()
    let value = Key.testValue
    let marked = environment_test_value_mark_take()
    return (value, marked != UInt(bitPattern: ObjectIdentifier(Key.self)))
  }
}
