import DependencyValues

/// Sets process-wide values once, at start-up, before anything reads them, and returns what
/// `update` returns: swift-dependencies' spelling of ``Dependencies/prepare(_:)``, which says what
/// is reported and where the values go in a test.
///
/// ```swift
/// @main struct App {
///   static func main() {
///     prepareDependencies { $0.apiClient = .live }
///     …
///   }
/// }
/// ```
@discardableResult
public func prepareDependencies<Result>(_ update: (inout Dependencies) throws -> Result) rethrows
  -> Result
{
  try Dependencies.prepare(update)
}
