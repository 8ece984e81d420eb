// Assertions that hold for the feature in both modules (see README.md beside this file).
import Testing

#if COMPOSABLE_ENV
  import ComposableEnv
  import ComposableEnvTesting
#else
  import GlobalEnv
  import GlobalEnvTesting
#endif

@Suite("The same feature, either module")
struct FeatureTests {
  @Test(.dependencyContext(.live)) func unsetDependencyReadsItsDefault() {
    isolated {
      #expect(ShopEnvironment().greeting == "hello")
      #expect(ShopEnvironment().cart.currency == "EUR")
    }
  }

  @Test func valueSetWithWithReachesDerivedEnvironments() {
    isolated {
      let shop = ShopEnvironment().with(\.currency, "USD")
      #expect(shop.cart.currency == "USD")
      #expect(shop.checkout.receipt.currency == "USD")
    }
  }

  @Test func subscriptSetsAndReads() {
    isolated {
      let shop = ShopEnvironment()
      shop[\.greeting] = "hi"
      #expect(shop[\.greeting] == "hi")
      #expect(shop.greeting == "hi")
    }
  }

  @Test func memberAccessReadsUndeclaredDependencies() {
    isolated {
      let shop = ShopEnvironment().with(\.currency, "CHF")
      #expect(shop.currency == "CHF")
    }
  }

  @Test func aliasDeclaredOnDerivedEnvironmentJoinsTheKeys() {
    isolated {
      let shop = ShopEnvironment().with(\.mainQueue, "ui")
      #expect(shop.checkout.checkoutQueue == "ui")
    }
  }

  @Test(.dependencyContext(.live)) func aliasingJoinsTheKeys() {
    isolated {
      let shop = ShopEnvironment().aliasing(\.headline, to: \.title)
      #expect(shop.headline == "title")
      shop.with(\.headline, "breaking")
      #expect(shop.title == "breaking")
    }
  }

  @Test func derivedEnvironmentIsCached() {
    isolated {
      let shop = ShopEnvironment()
      #expect(shop.cart === shop.cart)
    }
  }
}
