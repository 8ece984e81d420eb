import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

// Keys of the fresh-scope tests: each test sets them in scopes of its own, or process-wide in a
// test context of its own, so the suite runs in parallel with everything else.
extension DependencyKeys {
  struct FreshNumber: LiveInTests { static var defaultValue: Int { 0 } }
  struct FreshToken: DependencyKey {
    static var defaultValue: LiveToken? { nil }
    static var testValue: LiveToken? { nil }
  }
}

extension Dependencies {
  var freshNumber: Int {
    get { self[DependencyKeys.FreshNumber.self] }
    set { self[DependencyKeys.FreshNumber.self] = newValue }
  }
  var freshToken: LiveToken? {
    get { self[DependencyKeys.FreshToken.self] }
    set { self[DependencyKeys.FreshToken.self] = newValue }
  }
}

private struct FreshModel {
  @Dependency(\.freshNumber) var number
  @Dependency(\.freshToken) var token
}

private struct FreshWriter: GlobalEnvironment {}

/// A scope that sets nothing reads what the scope around it reads (issue 53): its reads are made,
/// and cached, where the nearest scope that sets something (or the process-wide values) is.
@Suite("Scopes that set nothing", .dependencyTestContext)
struct FreshScopeTests {
  @Test func aScopeThatSetsNothingReadsTheEnclosingScopesValues() {
    let seen = withDependencies {
      $0.freshNumber = 7
    } operation: {
      withDependencies { _ in
      } operation: {
        FreshModel().number
      }
    }
    #expect(seen == 7)
  }

  @Test func aScopeThatSetsNothingReadsTheProcessWideValues() {
    FreshWriter().with(\.freshNumber, 3)
    #expect(
      withDependencies { _ in
      } operation: {
        FreshModel().number
      } == 3)
  }

  @Test func aWriteIntoAScopeThatSetNothingIsItsOwnFromThenOn() {
    FreshWriter().with(\.freshNumber, 1)
    let (before, after) = withDependencies { _ in
    } operation: {
      let before = FreshModel().number
      FreshWriter().with(\.freshNumber, 2)  // into the current scope
      return (before, FreshModel().number)
    }
    #expect(before == 1)
    #expect(after == 2)
    #expect(FreshModel().number == 1, "the enclosing values are untouched")
  }

  @Test func nestedScopesThatSetNothingReadTheOutermostValues() {
    let seen = withDependencies {
      $0.freshNumber = 5
    } operation: {
      withDependencies { _ in
      } operation: {
        withDependencies { _ in
        } operation: {
          withDependencies { _ in
          } operation: {
            withDependencies { _ in
            } operation: {
              withDependencies { _ in
              } operation: {
                FreshModel().number
              }
            }
          }
        }
      }
    }
    #expect(seen == 5)
  }

  @Test func aModelMadeInAScopeThatSetNothingKeepsReadingItsValuesAfterAWriteIntoIt() {
    let model = withDependencies {
      $0.freshNumber = 4
    } operation: {
      withDependencies { _ in
      } operation: {
        let model = FreshModel()
        _ = model.number
        FreshWriter().with(\.freshNumber, 9)
        return model
      }
    }
    #expect(model.number == 9)
  }

  /// Reads in a scope that set nothing race with writes into it from a task that inherited it:
  /// every read sees the enclosing token or one the writer set, intact; none outlives its use.
  @Test func readsRacingWritesIntoAScopeThatSetNothingSeeIntactValues() async {
    let live = LiveCount()
    await withDependencies {
      $0.freshToken = LiveToken("enclosing", live)
    } operation: {
      await withDependencies { _ in
      } operation: {
        await withTaskGroup(of: Void.self) { group in
          group.addTask {
            for index in 0..<2_000 {
              FreshWriter().with(\.freshToken, LiveToken("written \(index)", live))
            }
          }
          for _ in 0..<2 {
            group.addTask {
              for _ in 0..<2_000 {
                let token = FreshModel().token
                #expect(token?.isIntact == true)
              }
            }
          }
        }
      }
    }
    #expect(live.count == 0, "\(live.count) tokens outlived their scopes")
  }
}
