import ComposableEnv
import InterfaceKeys

// What the app module adds to `SplitClient`, whose interface module declares only its test value.
extension SplitClient: DependencyKey {
  public static var defaultValue: SplitClient { SplitClient(name: "live") }
}
