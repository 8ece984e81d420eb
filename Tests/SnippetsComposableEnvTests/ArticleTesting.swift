// Compiled copy of snippets from the DocC article Testing.md; keep them identical
// (SnippetsAreCompiledTests checks).
import ComposableEnv
import Testing

@Test func cartSeesDisabledAnalytics() {
  let cart = ShopEnvironment().with(\.analytics, .disabled).cart
  #expect(cart.analytics == .disabled)
}
