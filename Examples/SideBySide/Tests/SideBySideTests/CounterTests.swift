import Dependencies
import DependenciesTestSupport
import GlobalEnv
import GlobalEnvTesting
import Testing

@testable import SideBySide

@Test func eachSideSetsItsOwnKey() {
  let counter = GlobalEnv.withDependencies {
    $0.step = 2
  } operation: {
    withDependencies {
      $0.start = 5
    } operation: {
      Counter()
    }
  }
  #expect(counter.count(times: 3) == 11)
}

@Test(.dependency(\.step, 3), .dependency(\.start, 1))
func eachSidesTraitSetsItsOwnKey() {
  #expect(Counter().count(times: 2) == 7)
}

#if compiler(>=6.3)
  @Test func moduleSelectorsNameEachSide() {
    let limiter = Dependencies::withDependencies {
      $0.limit = 20
    } operation: {
      GlobalEnv::withDependencies {
        $0.step = 4
      } operation: {
        Limiter()
      }
    }
    #expect(limiter.limit == 20)
    #expect(limiter.step == 4)
  }
#endif
