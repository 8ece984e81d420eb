#if GLOBAL_ENV
  import GlobalFeatureBase
#else
  import FeatureBase
#endif

/// What search reads: its backend and three built-in dependencies, a clock (to debounce), ids and
/// timestamps. (This module does not import `AppDependencies`, whose `uuid` would be read instead
/// of the built-in one.)
public final class SearchEnvironment: FeatureEnvironment, @unchecked Sendable {
  @Dependency(\.searchClient) var searchClient
  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) public var uuid
  @Dependency(\.date) public var date
}
