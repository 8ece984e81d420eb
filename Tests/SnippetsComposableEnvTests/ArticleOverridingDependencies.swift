// Compiled copy of snippets from the DocC article OverridingDependencies.md; keep them identical
// (SnippetsAreCompiledTests checks).
import ComposableEnv

func overridingAfterReads() {
  let shop = ShopEnvironment().with(\.analytics, .disabled)
  print(shop.cart.analytics)  // disabled: inherited
  shop.with(\.analytics, .live)
  print(shop.cart.analytics)  // live: seen on the next read
  shop.cart.with(\.analytics, .disabled)
  shop.with(\.analytics, .live)
  print(shop.cart.analytics)  // disabled: the nearest value wins
}

final class PreviewShopEnvironment: ComposableEnvironment {
  @DerivedEnvironment var cart = CartEnvironment().with(\.analytics, .disabled)
}
