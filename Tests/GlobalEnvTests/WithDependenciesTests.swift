import GlobalEnv
import GlobalEnvTesting
import TestSupport
import Testing

/// swift-dependencies' `withDependencies`, each form as its users call it.
@Suite("withDependencies")
struct WithDependenciesTests {
  @Test func theSynchronousFormOverridesForTheOperationAndReturnsItsResult() {
    let seen = withDependencies {
      $0.spelledNumber = 1
    } operation: {
      SpelledModel().number
    }
    #expect(seen == 1)
    #expect(SpelledModel().number == 0)
  }

  @Test func theSynchronousFormRethrowsTheOperationsError() {
    #expect(throws: SpelledError.self) {
      try withDependencies {
        $0.spelledNumber = 1
      } operation: {
        throw SpelledError()
      }
    }
  }

  @Test func anUpdateThatThrowsSkipsTheOperation() {
    var ran = false
    #expect(throws: SpelledError.self) {
      try withDependencies { _ in
        throw SpelledError()
      } operation: {
        ran = true
      }
    }
    #expect(!ran)
  }

  @Test func aModelMadeInsideReadsTheValuesAfterTheOperationReturns() {
    let model = withDependencies {
      $0.spelledNumber = 2
      $0.spelledName = "scoped"
    } operation: {
      SpelledModel()
    }
    #expect(model.number == 2)
    #expect(model.name == "scoped")
  }

  @Test func nestedCallsStackTheInnermostWinning() {
    let (inner, outer) = withDependencies {
      $0.spelledNumber = 1
      $0.spelledName = "outer"
    } operation: {
      let inner = withDependencies {
        $0.spelledNumber = 2
      } operation: {
        (SpelledModel().number, SpelledModel().name)
      }
      return (inner, SpelledModel().number)
    }
    #expect(inner == (2, "outer"))
    #expect(outer == 1)
  }

  @Test func theAsynchronousFormOverridesForChildTasks() async {
    let seen = await withDependencies {
      $0.spelledNumber = 3
    } operation: {
      await withTaskGroup(of: Int.self) { group in
        for _ in 0..<4 { group.addTask { SpelledModel().number } }
        return await group.reduce(into: [Int]()) { $0.append($1) }
      }
    }
    #expect(seen == [3, 3, 3, 3])
  }

  @Test func anUpdateClosureCanAwait() async {
    let seen = await withDependencies {
      $0.spelledNumber = await suspendedValue(4)
      $0.spelledName = await suspendedValue("awaited")
    } operation: {
      await Task.yield()
      return (SpelledModel().number, SpelledModel().name)
    }
    #expect(seen == (4, "awaited"))
  }

  @Test func anAwaitingUpdateReadsTheValuesAroundItAndThoseItSet() async {
    let seen = await withDependencies {
      $0.spelledNumber = 10
    } operation: {
      await withDependencies {
        let around = $0.spelledNumber
        $0.spelledNumber = await suspendedValue(around + 1)
        $0.spelledName = "\($0.spelledNumber)"
      } operation: {
        (SpelledModel().number, SpelledModel().name)
      }
    }
    #expect(seen == (11, "11"))
  }

  @Test func anAwaitingUpdateThatThrowsSkipsTheOperation() async {
    let ran = Shared(false)
    await #expect(throws: SpelledError.self) {
      try await withDependencies {
        $0.spelledNumber = await suspendedValue(1)
        throw SpelledError()
      } operation: {
        ran.value = true
      }
    }
    #expect(!ran.value)
  }

  @Test func aModelMadeInsideAnAwaitingUpdatesScopeKeepsItsValues() async {
    let model = await withDependencies {
      $0.spelledNumber = await suspendedValue(5)
    } operation: {
      await Task.yield()
      return SpelledModel()
    }
    let read = await Task.detached { model.number }.value
    #expect(read == 5)
  }

  @Test func theValuesAreGoneAfterAnAwaitingUpdatesOperation() async {
    await withDependencies {
      $0.spelledNumber = await suspendedValue(6)
    } operation: {
    }
    #expect(SpelledModel().number == 0)
  }

  @MainActor @Test func theMainActorsIsolationIsKeptInUpdateAndOperation() async {
    // Both closures touch main-actor state without `await`: they compile only if they run on
    // the caller's actor.
    var log: [Int] = []
    await withDependencies {
      log.append(await suspendedValue(1))
      $0.spelledNumber = log.count
    } operation: {
      await Task.yield()
      log.append(SpelledModel().number)
    }
    #expect(log == [1, 1])
  }

  @Test func anActorsIsolationIsKeptInTheOperation() async {
    let counter = IsolatedCounter()
    #expect(await counter.addScopedNumbers() == 7)
  }

  @Test func fromAModelCarriesItsValuesUnderTheUpdate() {
    let parent = withDependencies {
      $0.spelledNumber = 8
      $0.spelledName = "parent"
    } operation: {
      SpelledModel()
    }
    let child = withDependencies(from: parent) {
      $0.spelledName = "child"
    } operation: {
      SpelledModel()
    }
    #expect(child.number == 8)
    #expect(child.name == "child")
  }

  @Test func fromAModelWithoutAnUpdateCarriesItsValues() {
    let parent = withDependencies {
      $0.spelledNumber = 9
    } operation: {
      SpelledModel()
    }
    let child = withDependencies(from: parent) { SpelledModel() }
    #expect(child.number == 9)
  }

  @Test func fromAModelWithoutValuesIsReportedUnderTheNameWithDependenciesFrom() {
    withKnownIssue {
      withDependencies(from: ModelWithoutDependencies()) {}
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("withDependencies(from:) was given") }
    }
  }

  @Test func fromAModelWithoutValuesWithAnAwaitingUpdateIsReportedAtTheLineOfTheCall() async {
    await withKnownIssue {
      await withDependencies(
        from: ModelWithoutDependencies(), { _ in await Task.yield() }, operation: {},
        line: 4444)
    } matching: { issue in
      issue.sourceLocation?.line == 4444
    }
  }

  @Test func fromAModelAsynchronouslyCarriesItsValuesUnderTheUpdate() async {
    let parent = withDependencies {
      $0.spelledNumber = 12
    } operation: {
      SpelledModel()
    }
    let seen = await withDependencies(from: parent) {
      $0.spelledName = "child"
    } operation: {
      await Task.yield()
      return (SpelledModel().number, SpelledModel().name)
    }
    #expect(seen == (12, "child"))
  }

  @Test func fromAModelWithAnAwaitingUpdateCarriesItsValues() async {
    let parent = withDependencies {
      $0.spelledNumber = 13
    } operation: {
      SpelledModel()
    }
    let child = await withDependencies(from: parent) {
      $0.spelledName = await suspendedValue("awaited child")
    } operation: {
      await Task.yield()
      return SpelledModel()
    }
    #expect(child.number == 13)
    #expect(child.name == "awaited child")
  }

  @Test func fromAModelAsynchronouslyWithoutAnUpdateCarriesItsValues() async {
    let parent = withDependencies {
      $0.spelledNumber = 14
    } operation: {
      SpelledModel()
    }
    let seen = await withDependencies(from: parent) {
      await Task.yield()
      return SpelledModel().number
    }
    #expect(seen == 14)
  }

  @Test(.dependencyTestContext)
  func aSynchronousUpdateOfAnAsynchronousOperationReadsToSetPartOfAValueUnreported() async {
    // `spelledClient` has no test value: reading it to set its port is part of setting it, which
    // the form with a synchronous update knows (a read there is not a use).
    let port = await withDependencies {
      $0.spelledClient.port = 8080
    } operation: {
      await Task.yield()
      return SpelledClientReader().client.port
    }
    #expect(port == 8080)
  }

  @Test(.dependencyTestContext)
  func anAwaitingUpdateReadsToSetPartOfAValueUnreported() async {
    // The read of `spelledClient`, which has no test value, follows the update's task from thread
    // to thread: it is part of setting the client, wherever the update resumes.
    let port = await withDependencies {
      await Task.yield()
      $0.spelledClient.port = await suspendedValue(8081)
    } operation: {
      SpelledClientReader().client.port
    }
    #expect(port == 8081)
  }
}

/// An actor whose state the operation changes without `await`.
private actor IsolatedCounter {
  private var total = 0

  func addScopedNumbers() async -> Int {
    await withDependencies {
      $0.spelledNumber = 3
    } operation: {
      total += SpelledModel().number
      await Task.yield()
      total += SpelledModel().number + 1
    }
    return total
  }
}

/// A model with nothing for `withDependencies(from:)` to carry over.
private final class ModelWithoutDependencies {}
