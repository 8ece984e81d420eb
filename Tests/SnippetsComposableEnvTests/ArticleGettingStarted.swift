// Compiled copy of snippets from the DocC article GettingStarted.md; keep them identical
// (SnippetsAreCompiledTests checks).
import ComposableEnv

extension DependencyKeys {
  struct Analytics: DependencyKey {
    static var defaultValue: AnalyticsClient { .live }
  }
}

extension Dependencies {
  var analytics: AnalyticsClient {
    get { self[DependencyKeys.Analytics.self] }
    set { self[DependencyKeys.Analytics.self] = newValue }
  }
}

final class ShopEnvironment: ComposableEnvironment {
  @Dependency(\.analytics) var analytics
  @DerivedEnvironment<CartEnvironment> var cart
}

final class CartEnvironment: ComposableEnvironment {
  @Dependency(\.analytics) var analytics
}

func gettingStartedOverride() {
  let shop = ShopEnvironment()
  shop.cart.with(\.analytics, .disabled)
  print(shop.analytics)  // live
  print(shop.cart.analytics)  // disabled
}
