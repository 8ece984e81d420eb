/// How a test failure names the dependency that was read: by key path and key
/// (`\Dependencies.apiClient (DependencyKeys.APIClientKey)`), the key path's property named by the
/// `Dependencies` subscript its getter calls.
///
/// ```swift
/// #expect(message.contains(nameOfRead("\\Dependencies.apiClient", key: "DependencyKeys.APIClientKey")))
/// ```
public func nameOfRead(_ keyPath: String, key: String) -> String {
  "\(keyPath) (\(key))"
}
