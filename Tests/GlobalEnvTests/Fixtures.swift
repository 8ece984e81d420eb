import GlobalEnv
import TestSupport

// Keys that only the serialized `ProcessWideTests` suite sets outside a scope.
extension DependencyKeys {
  struct Counter: LiveInTests { static var defaultValue: Int { 0 } }
  struct Label: LiveInTests { static var defaultValue: String { "label-default" } }
  struct Primary: LiveInTests { static var defaultValue: String { "primary-default" } }
  struct Secondary: LiveInTests { static var defaultValue: String { "secondary-default" } }
  struct Tertiary: LiveInTests { static var defaultValue: String { "tertiary-default" } }
  struct Stress: LiveInTests { static var defaultValue: Int { -1 } }
  struct CountedDefault: LiveInTests {
    static var defaultValue: Int {
      Counters.countedDefault.increment()
      return 100
    }
  }
}

// Keys that tests only override inside scopes.
extension DependencyKeys {
  struct Scoped: LiveInTests { static var defaultValue: Int { 0 } }
  struct ScopedName: LiveInTests { static var defaultValue: String { "scoped-default" } }
  struct Base: LiveInTests { static var defaultValue: Int { 20 } }
  /// A default that reads another dependency.
  struct DependentDefault: LiveInTests {
    static var defaultValue: Int { Reader().base + 1 }
  }
}

extension Dependencies {
  var counter: Int {
    get { self[DependencyKeys.Counter.self] }
    set { self[DependencyKeys.Counter.self] = newValue }
  }
  var label: String {
    get { self[DependencyKeys.Label.self] }
    set { self[DependencyKeys.Label.self] = newValue }
  }
  var primary: String {
    get { self[DependencyKeys.Primary.self] }
    set { self[DependencyKeys.Primary.self] = newValue }
  }
  var secondary: String {
    get { self[DependencyKeys.Secondary.self] }
    set { self[DependencyKeys.Secondary.self] = newValue }
  }
  var tertiary: String {
    get { self[DependencyKeys.Tertiary.self] }
    set { self[DependencyKeys.Tertiary.self] = newValue }
  }
  var stress: Int {
    get { self[DependencyKeys.Stress.self] }
    set { self[DependencyKeys.Stress.self] = newValue }
  }
  var countedDefault: Int {
    get { self[DependencyKeys.CountedDefault.self] }
    set { self[DependencyKeys.CountedDefault.self] = newValue }
  }
  var scoped: Int {
    get { self[DependencyKeys.Scoped.self] }
    set { self[DependencyKeys.Scoped.self] = newValue }
  }
  var scopedName: String {
    get { self[DependencyKeys.ScopedName.self] }
    set { self[DependencyKeys.ScopedName.self] = newValue }
  }
  var base: Int {
    get { self[DependencyKeys.Base.self] }
    set { self[DependencyKeys.Base.self] = newValue }
  }
  var dependentDefault: Int {
    get { self[DependencyKeys.DependentDefault.self] }
    set { self[DependencyKeys.DependentDefault.self] = newValue }
  }
}

/// `@Dependency` in a plain struct that is not an environment.
struct Reader: Sendable {
  @Dependency(\.counter) var counter
  @Dependency(\.scoped) var scoped
  @Dependency(\.scopedName) var scopedName
  @Dependency(\.base) var base
}

struct AppEnvironment: GlobalEnvironment {
  @Dependency(\.counter) var counter
  @Dependency(\.label) var label
  @DerivedEnvironment<FeatureEnvironment> var feature
  @DerivedEnvironment<AliasingEnvironment>(aliases: { $0.alias(\.tertiary, to: \.primary) })
  var aliasing
}

struct FeatureEnvironment: GlobalEnvironment {
  @Dependency(\.counter) var counter
  @Dependency(\.scoped) var scoped
}

struct AliasingEnvironment: GlobalEnvironment {
  @Dependency(\.tertiary) var tertiary
}

enum Counters {
  static let countedDefault = Counter()
}
