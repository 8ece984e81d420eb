// Declared in each module, for each names its own wrapper (the other is
// GlobalEnv's, a top-level type).
/// swift-composable-environment 0.5's clash-free name for this module's ``ComposableEnvironment/Dependency`` property
/// wrapper, for files that also import a library with its own `@Dependency` (such as
/// pointfreeco's `Dependencies`). ``Compatible/Dependency`` is the same wrapper.
///
/// ```swift
/// final class FeedEnvironment: ComposableEnvironment {
///   @ComposableEnvironmentDependency(\.apiClient) var apiClient
/// }
/// ```
public typealias ComposableEnvironmentDependency<Value> = ComposableEnvironment.Dependency<Value>
