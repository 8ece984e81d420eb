/// A namespace for dependency keys, so that they do not crowd the module's top level.
///
/// ```swift
/// extension DependencyKeys {
///   struct UUIDGenerator: DependencyKey {
///     static var defaultValue: @Sendable () -> UUID { { UUID() } }
///   }
/// }
/// ```
public enum DependencyKeys {}
