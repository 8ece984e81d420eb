// The same, without aliases, where the compiler has module selectors (`Module::Name`, Swift 6.3):
// `Dependencies::` names pointfreeco's module even though this package's `Dependencies` type
// shadows it for `Dependencies.`.
import Dependencies
import GlobalEnv

#if compiler(>=6.3)
  struct LimitKey: Dependencies::DependencyKey {
    static let liveValue = 1_000
    static let testValue = 10
  }

  extension Dependencies::DependencyValues {
    var limit: Int {
      get { self[LimitKey.self] }
      set { self[LimitKey.self] = newValue }
    }
  }

  struct Limiter {
    @Dependencies::Dependency(\.limit) var limit
    @GlobalEnv::Dependency(\.step) var step
  }
#endif
