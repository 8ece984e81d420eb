/// The storage of a `Dependencies()` made outside any environment (swift-dependencies'
/// `DependencyValues()`): a dictionary of the values written into it, copied on write as any
/// dictionary, so that the `Dependencies` value that holds it behaves as a value.
///
/// ```swift
/// var values = Dependencies()
/// values.uuid = .incrementing  // stays in `values`
/// let copy = values            // has it too; later writes to either are its own
/// ```
///
/// A key that is not set reads, at each read (nothing is cached), its value for the context that
/// `context` gives: the context set in the value if any, otherwise the process's (`.test` where
/// a test binary installed the failure reporter, `.preview` in an Xcode preview, `.live`
/// elsewhere). In a test context, a key without a test value fails the test, naming it.
/// Environments never read through it; it is what `Dependencies()` is for: a set of values to
/// build and hand over, as a whole.
package struct StandaloneStorage: DependencyStorage {
  /// The values written.
  package private(set) var written = WrittenValues()

  package func value<Key: TestDependencyKey>(for key: Key.Type) -> Key.Value {
    if let box = written.box(for: key) { return Box<Key.Value>.unbox(box) }
    switch context {
    case .live: return Key.liveValueBox().map(Box<Key.Value>.unbox) ?? Key.testValue
    case .preview: return Key.previewValue
    case .test:
      let (value, declared) = TestValueMark.testValue(of: key)
      if !declared {
        TestFailureReporting.record(
          """
          \(String(reflecting: key)) has no test value, and a Dependencies() value that does \
          not set it was read in a test context: set it in the value, or declare the key's \
          testValue.
          """,
          at: ReadTrace.current.site?.location)
      }
      return value
    }
  }

  package mutating func setValue<Key: TestDependencyKey>(
    _ box: Box<Key.Value>, for key: Key.Type
  ) {
    written.set(box, for: key)
  }

  /// The context whose values unset keys read: the one set in this value, or the process's.
  private var context: DependencyContext {
    if let box = written.box(for: DependencyContextKey.self) {
      return Box<DependencyContext>.unbox(box)
    }
    if TestFailureReporting.reporter != nil { return .test }
    return environmentVariable("XCODE_RUNNING_FOR_PREVIEWS") == "1" ? .preview : .live
  }
}
