/// How a test failure names the dependency that was read: by key path and key
/// (`\Dependencies.apiClient (DependencyKeys.APIClientKey)`) with Swift 6.2 and later, whose
/// runtime backtrace API the library reads the key path's name from; by key alone
/// (`DependencyKeys.APIClientKey`) before.
///
/// ```swift
/// #expect(message.contains(nameOfRead("\\Dependencies.apiClient", key: "DependencyKeys.APIClientKey")))
/// ```
public func nameOfRead(_ keyPath: String, key: String) -> String {
  #if canImport(Runtime)
    "\(keyPath) (\(key))"
  #else
    key
  #endif
}
