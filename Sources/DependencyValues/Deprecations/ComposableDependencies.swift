/// swift-composable-environment 0.5's deprecated name for ``Dependencies``, kept so that code
/// written for it compiles; the fix-it renames it.
///
/// ```swift
/// extension ComposableDependencies {  // warning: renamed to 'Dependencies'
///   var logger: String {
///     get { self[DependencyKeys.Logger.self] }
///     set { self[DependencyKeys.Logger.self] = newValue }
///   }
/// }
/// ```
@available(*, deprecated, renamed: "Dependencies")
public typealias ComposableDependencies = Dependencies
