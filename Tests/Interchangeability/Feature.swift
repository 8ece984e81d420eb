// One feature, compiled against both ComposableEnv and GlobalEnv (see README.md beside this file).
#if COMPOSABLE_ENV
  import ComposableEnv
#else
  import GlobalEnv
#endif

extension DependencyKeys {
  struct Greeting: DependencyKey { static var defaultValue: String { "hello" } }
  struct Currency: DependencyKey { static var defaultValue: String { "EUR" } }
  struct Title: DependencyKey { static var defaultValue: String { "title" } }
  struct Headline: DependencyKey { static var defaultValue: String { "headline" } }
  struct MainQueue: DependencyKey { static var defaultValue: String { "main" } }
  struct CheckoutQueue: DependencyKey { static var defaultValue: String { "checkout" } }
  struct Region: DependencyKey {
    static var defaultValue: String { "live region" }
    static var testValue: String { "test region" }
  }
}

extension Dependencies {
  var greeting: String {
    get { self[DependencyKeys.Greeting.self] }
    set { self[DependencyKeys.Greeting.self] = newValue }
  }
  var currency: String {
    get { self[DependencyKeys.Currency.self] }
    set { self[DependencyKeys.Currency.self] = newValue }
  }
  var title: String {
    get { self[DependencyKeys.Title.self] }
    set { self[DependencyKeys.Title.self] = newValue }
  }
  var headline: String {
    get { self[DependencyKeys.Headline.self] }
    set { self[DependencyKeys.Headline.self] = newValue }
  }
  var mainQueue: String {
    get { self[DependencyKeys.MainQueue.self] }
    set { self[DependencyKeys.MainQueue.self] = newValue }
  }
  var checkoutQueue: String {
    get { self[DependencyKeys.CheckoutQueue.self] }
    set { self[DependencyKeys.CheckoutQueue.self] = newValue }
  }
  var region: String {
    get { self[DependencyKeys.Region.self] }
    set { self[DependencyKeys.Region.self] = newValue }
  }
}

final class ShopEnvironment: FeatureEnvironmentBase {
  @Dependency(\.greeting) var greeting
  @DerivedEnvironment<CartEnvironment> var cart
  @DerivedEnvironment<CheckoutEnvironment>(aliases: { $0.alias(\.checkoutQueue, to: \.mainQueue) })
  var checkout
}

final class CartEnvironment: FeatureEnvironmentBase {
  @Dependency(\.currency) var currency
}

final class CheckoutEnvironment: FeatureEnvironmentBase {
  @Dependency(\.checkoutQueue) var checkoutQueue
  @DerivedEnvironment var receipt = CartEnvironment()
}
