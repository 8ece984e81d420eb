// Declared in each module, for each names its own wrapper (the other is
// ComposableEnv's, a member of `ComposableEnvironment`).
/// swift-composable-environment 0.5's clash-free name for this module's ``Dependency`` property
/// wrapper, for files that also import a library with its own `@Dependency` (such as
/// pointfreeco's `Dependencies`). ``Compatible/Dependency`` is the same wrapper.
///
/// ```swift
/// struct FeedModel {
///   @ComposableEnvironmentDependency(\.apiClient) var apiClient
/// }
/// ```
public typealias ComposableEnvironmentDependency<Value> = Dependency<Value>
