// Compiled copy of snippets from the DocC article GettingStarted.md; keep them identical
// (SnippetsAreCompiledTests checks).
import ComposableEnv

struct AnalyticsClient: DependencyKey, Sendable, Equatable, CustomStringConvertible {
  var name: String
  static let live = AnalyticsClient(name: "live")
  static let disabled = AnalyticsClient(name: "disabled")
  static var defaultValue: AnalyticsClient { .live }
  var description: String { name }
}

// Optional: the key-path form of swift-composable-environment 0.5, `\.analytics`, which reads
// the same dependency (`nonisolated`, for modules whose default isolation is the main actor).
nonisolated extension Dependencies {
  var analytics: AnalyticsClient {
    get { self[AnalyticsClient.self] }
    set { self[AnalyticsClient.self] = newValue }
  }
}

final class ShopEnvironment: ComposableEnvironment {
  @Dependency(AnalyticsClient.self) var analytics
  @DerivedEnvironment<CartEnvironment> var cart
}

final class CartEnvironment: ComposableEnvironment {
  @Dependency(\.analytics) var analytics  // the same dependency, by key path
}

func gettingStartedOverride() {
  let shop = ShopEnvironment()
  shop.cart.with(AnalyticsClient.self, .disabled)
  print(shop.analytics)  // live
  print(shop.cart.analytics)  // disabled
}
