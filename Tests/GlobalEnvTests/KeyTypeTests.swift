import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

/// A client that is its own key, the short form.
private struct Greeter: DependencyKey, Sendable, Equatable {
  var greeting: String
  static var defaultValue: Greeter { Greeter(greeting: "live") }
}

/// A client that is its own key, with a test value.
private struct Weather: DependencyKey, Sendable, Equatable {
  var forecast: String
  static var defaultValue: Weather { Weather(forecast: "live") }
  static var testValue: Weather { Weather(forecast: "test") }
}

extension DependencyKeys {
  fileprivate struct LegacyGreeter: DependencyKey {
    static var defaultValue: Greeter { Greeter(greeting: "legacy default") }
  }
}

extension Dependencies {
  fileprivate var greeter: Greeter {
    get { self[Greeter.self] }
    set { self[Greeter.self] = newValue }
  }

  fileprivate var legacyGreeter: Greeter {
    get { self[DependencyKeys.LegacyGreeter.self] }
    set { self[DependencyKeys.LegacyGreeter.self] = newValue }
  }
}

private struct GreeterModel: GlobalEnvironment {
  @Dependency(Greeter.self) var greeter
  @Dependency(\.greeter) var greeterByKeyPath
  @Dependency(\.legacyGreeter) var legacyGreeter
  @Dependency(Weather.self) var weather
}

@Suite("Keys named by their type, in scopes")
struct ScopedKeyTypeTests {
  @Test func aScopeSetsAKeyTypeForItsOperationOnly() {
    Dependencies.withValues {
      $0[Greeter.self] = Greeter(greeting: "scoped")
    } operation: {
      #expect(GreeterModel().greeter.greeting == "scoped")
      #expect(GreeterModel()[Greeter.self].greeting == "scoped")
      #expect(GreeterModel().greeterByKeyPath.greeting == "scoped")
    }
  }

  @Test func aScopeThatSetsAnotherKeyReadsAKeyTypeAsItsParentDoes() {
    Dependencies.withValues {
      $0[Greeter.self] = Greeter(greeting: "outer")
    } operation: {
      #expect(GreeterModel().greeter.greeting == "outer")
      for index in 0..<3 {
        Dependencies.withValues {
          $0.legacyGreeter = Greeter(greeting: "inner \(index)")
        } operation: {
          #expect(GreeterModel().greeter.greeting == "outer")
          #expect(GreeterModel().legacyGreeter.greeting == "inner \(index)")
        }
      }
      Dependencies.withValues {
        $0[Greeter.self] = Greeter(greeting: "inner")
      } operation: {
        #expect(GreeterModel().greeter.greeting == "inner")
      }
    }
  }

  @Test(.dependencies { $0[Greeter.self] = Greeter(greeting: "trait") })
  func theDependenciesTraitSetsAKeyType() {
    #expect(GreeterModel().greeter.greeting == "trait")
  }

  @Test(.dependencyTestContext) func inATestContextAKeyTypeReadsItsTestValue() {
    #expect(GreeterModel().weather.forecast == "test")
  }

  @Test(.dependencyTestContext)
  func inATestContextAKeyTypeWithoutTestValueFailsNamingTheTypeAndHowToSetIt() {
    let messages = recordedIssues { _ = GreeterModel().greeter }
    #expect(messages.count == 1)
    let message = messages.first ?? ""
    #expect(message.hasPrefix("Greeter was read in a test context"))
    #expect(message.contains("`@Test(.dependencies { $0[Greeter.self] = … })`"))
  }
}

/// Children whose aliases are declared by key type, in every form of the builder.
private struct KeyTypeAliasHost: GlobalEnvironment {
  @DerivedEnvironment<GreeterModel>(aliases: { $0.alias(\.legacyGreeter, to: Greeter.self) })
  var keyPathToKey
  @DerivedEnvironment<GreeterModel>(aliases: { $0.alias(Greeter.self, to: \.legacyGreeter) })
  var keyToKeyPath
  @DerivedEnvironment(aliases: {
    $0.alias(DependencyKeys.LegacyGreeter.self, to: Greeter.self)
  })
  var keyToKey = GreeterModel()
}

extension ProcessWideState {
  @Suite("Keys named by their type, process-wide")
  struct KeyTypeTests {
    init() {
      Dependencies.reset()
      Dependencies.clearAliases()
    }

    @Test(.dependencyContext(.live)) func aKeyTypePropertyReadsTheKeysDefault() {
      #expect(GreeterModel().greeter.greeting == "live")
    }

    @Test func withSetsAKeyTypeForEveryEnvironment() {
      GreeterModel().with(Greeter.self, Greeter(greeting: "process"))
      #expect(GreeterModel().greeter.greeting == "process")
      #expect(GreeterModel().greeterByKeyPath.greeting == "process")
    }

    @Test func theSubscriptSetsAKeyType() {
      GreeterModel()[Greeter.self] = Greeter(greeting: "subscript")
      #expect(GreeterModel().greeter.greeting == "subscript")
    }

    @Test(.dependencyContext(.live)) func aKeyPathCanBeAliasedToAKeyType() {
      GreeterModel().aliasing(\.legacyGreeter, to: Greeter.self)
        .with(Greeter.self, Greeter(greeting: "one dependency"))
      #expect(GreeterModel().legacyGreeter.greeting == "one dependency")
    }

    @Test(.dependencyContext(.live)) func aKeyTypeCanBeAliasedToAKeyPath() {
      GreeterModel().aliasing(Greeter.self, to: \.legacyGreeter)
      #expect(GreeterModel().greeter.greeting == "legacy default")
    }

    @Test func twoKeyTypesOfOneValueTypeCanBeAliased() {
      GreeterModel().aliasing(DependencyKeys.LegacyGreeter.self, to: Greeter.self)
        .with(Greeter.self, Greeter(greeting: "shared"))
      #expect(GreeterModel().legacyGreeter.greeting == "shared")
    }

    @Test func aBuilderAliasesAKeyPathToAKeyType() {
      _ = KeyTypeAliasHost().keyPathToKey
      GreeterModel().with(Greeter.self, Greeter(greeting: "builder"))
      #expect(GreeterModel().legacyGreeter.greeting == "builder")
    }

    @Test(.dependencyContext(.live)) func aBuilderAliasesAKeyTypeToAKeyPath() {
      _ = KeyTypeAliasHost().keyToKeyPath
      #expect(GreeterModel().greeter.greeting == "legacy default")
    }

    @Test func aBuilderAliasesTwoKeyTypes() {
      _ = KeyTypeAliasHost().keyToKey
      GreeterModel().with(Greeter.self, Greeter(greeting: "shared"))
      #expect(GreeterModel().legacyGreeter.greeting == "shared")
    }

    @Test(.dependencyContext(.live)) func provenanceOfAKeyTypeSaysWhereItWasSet() {
      #expect(GreeterModel().provenance(of: Greeter.self).origin == .defaultValue)
      GreeterModel().with(Greeter.self, Greeter(greeting: "process"))
      #expect(GreeterModel().provenance(of: Greeter.self).origin == .processWide)
      Dependencies.withValues {
        $0[Greeter.self] = Greeter(greeting: "scoped")
      } operation: {
        #expect(GreeterModel().provenance(of: Greeter.self).origin == .scope(level: 1))
      }
    }
  }
}
