/// swift-dependencies' name for ``Dependencies``: code written for it (`extension
/// DependencyValues { … }`, `\DependencyValues.apiClient`, `inout DependencyValues`) compiles
/// unchanged, and means the same type, so `\DependencyValues.x` is `\Dependencies.x`.
///
/// ```swift
/// extension DependencyValues {
///   var apiClient: APIClient {
///     get { self[APIClientKey.self] }
///     set { self[APIClientKey.self] = newValue }
///   }
/// }
/// ```
///
/// The name is also this module's: where the type alias is visible, `DependencyValues.name`
/// names a member of ``Dependencies``, not a declaration of the module.
public typealias DependencyValues = Dependencies
