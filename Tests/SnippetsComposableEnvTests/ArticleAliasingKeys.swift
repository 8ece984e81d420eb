// Compiled copy of snippets from the DocC article AliasingKeysAcrossDomains.md; keep them identical
// (SnippetsAreCompiledTests checks).
import ComposableEnv

final class CheckoutEnvironment: ComposableEnvironment {
  @DerivedEnvironment<PaymentEnvironment>(aliases: {
    $0.alias(\.paymentAnalytics, to: \.analytics)
  })
  var payment
}

final class PaymentEnvironment: ComposableEnvironment {
  @Dependency(\.paymentAnalytics) var paymentAnalytics
}
