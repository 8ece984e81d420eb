import ComposableEnv

// What the app module adds to `SplitClient`, whose interface declares only its test value.
extension SplitClient: DependencyKey {
  static var defaultValue: SplitClient { SplitClient(name: "live") }
}
