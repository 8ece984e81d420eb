import Foundation
import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

/// swift-dependencies' `prepareDependencies` and `withEscapedDependencies`. Each test runs in a
/// test context of its own, where prepared values reach no other test.
@Suite("prepareDependencies and withEscapedDependencies", .dependencyTestContext)
struct PrepareAndEscapedDependenciesTests {
  @Test func preparedValuesAreReadByModelsMadeLater() {
    prepareDependencies {
      $0.spelledNumber = 21
      $0.spelledName = "prepared"
    }
    let model = SpelledModel()
    #expect(model.number == 21)
    #expect(model.name == "prepared")
  }

  @Test func prepareDependenciesReturnsWhatItsClosureReturns() {
    let opened = prepareDependencies { dependencies -> String in
      dependencies.spelledNumber = 1
      return "database"
    }
    #expect(opened == "database")
  }

  @Test func workOnAThreadReadsTheEscapedScopesValues() {
    let read = Shared(0)
    let done = DispatchSemaphore(value: 0)
    withDependencies {
      $0.spelledNumber = 22
    } operation: {
      withEscapedDependencies { escaped in
        Thread {
          read.value = escaped.yield { SpelledModel().number }
          done.signal()
        }.start()
      }
    }
    #expect(done.wait(timeout: .now() + hangDeadline) == .success)
    #expect(read.value == 22)
  }

  @Test func aDetachedTaskReadsTheEscapedScopesValuesAsynchronously() async {
    let read = await withDependencies {
      $0.spelledNumber = 23
    } operation: {
      await withEscapedDependencies { escaped in
        await Task.detached {
          await escaped.yield {
            await Task.yield()
            return SpelledModel().number
          }
        }.value
      }
    }
    #expect(read == 23)
  }

  @Test func theContinuationHasSwiftDependenciesName() {
    let escaped: Dependencies.Continuation = withDependencies {
      $0.spelledName = "continued"
    } operation: {
      withEscapedDependencies { $0 }
    }
    #expect(escaped.yield { SpelledModel().name } == "continued")
  }
}
