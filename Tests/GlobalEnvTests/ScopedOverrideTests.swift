import GlobalEnv
import Testing

/// `withValues` scopes. These tests run in parallel with everything else and only set values
/// inside scopes.
@Suite("Scoped overrides")
struct ScopedOverrideTests {
  @Test func overrideIsVisibleInsideTheOperation() {
    let seen = Dependencies.withValues {
      $0.scoped = 1
    } operation: {
      Reader().scoped
    }
    #expect(seen == 1)
  }

  @Test func overrideIsNotVisibleAfterTheOperation() {
    Dependencies.withValues {
      $0.scoped = 1
    } operation: {
    }
    #expect(Reader().scoped == 0)
  }

  @Test func overrideIsVisibleInChildTasks() async {
    let seen = await Dependencies.withValues {
      $0.scoped = 2
    } operation: {
      await withTaskGroup(of: Int.self) { group in
        for _ in 0..<4 { group.addTask { Reader().scoped } }
        return await group.reduce(into: [Int]()) { $0.append($1) }
      }
    }
    #expect(seen == [2, 2, 2, 2])
  }

  @Test func overrideIsVisibleInUnstructuredTaskThatOutlivesTheScope() async {
    let task = Dependencies.withValues {
      $0.scoped = 3
    } operation: {
      Task {
        await Task.yield()
        return Reader().scoped
      }
    }
    #expect(await task.value == 3)
  }

  /// The scope a task inherited lives as long as the task, not as the scope's operation: a
  /// property made outside any scope reads it once the operation has returned.
  @Test func aTaskReadsTheScopeItInheritedOnceTheScopeHasReturned() async {
    let reader = Reader()  // made outside any scope: it reads the scope where it is read
    let (scopeEnded, end) = AsyncStream<Void>.makeStream()
    let task = Dependencies.withValues {
      $0.scopedName = "inherited"
    } operation: {
      Task {
        for await _ in scopeEnded { break }
        return reader.scopedName
      }
    }
    end.yield()
    #expect(await task.value == "inherited")
  }

  @Test func concurrentlyRunningSiblingDoesNotSeeTheOverride() async {
    let (inside, sibling) = await withTaskGroup(of: (String, Int).self) { group in
      group.addTask {
        await Dependencies.withValues {
          $0.scopedName = "inside"
        } operation: {
          var seen = ""
          for _ in 0..<50 {
            seen = Reader().scopedName
            await Task.yield()
          }
          return ("inside", seen == "inside" ? 1 : 0)
        }
      }
      group.addTask {
        var leaked = 0
        for _ in 0..<50 {
          if Reader().scopedName != "scoped-default" { leaked += 1 }
          await Task.yield()
        }
        return ("sibling", leaked)
      }
      var results: [String: Int] = [:]
      for await (name, value) in group { results[name] = value }
      return (results["inside"], results["sibling"])
    }
    #expect(inside == 1)
    #expect(sibling == 0)
  }

  @Test func nestedScopesStackInnermostWins() {
    let seen = Dependencies.withValues {
      $0.scoped = 1
      $0.scopedName = "outer"
    } operation: {
      Dependencies.withValues {
        $0.scoped = 2
      } operation: {
        (Reader().scoped, Reader().scopedName)
      }
    }
    #expect(seen.0 == 2)
    #expect(seen.1 == "outer")
  }

  @Test func asyncOverloadAppliesAcrossSuspensions() async {
    let seen = await Dependencies.withValues {
      $0.scoped = 5
    } operation: {
      await Task.yield()
      return Reader().scoped
    }
    #expect(seen == 5)
  }

  @Test func throwingOperationRestoresState() {
    struct Failure: Error {}
    #expect(throws: Failure.self) {
      try Dependencies.withValues {
        $0.scoped = 6
      } operation: {
        #expect(Reader().scoped == 6)
        throw Failure()
      }
    }
    #expect(Reader().scoped == 0)
  }

  @Test func throwingUpdateRunsNoOperation() {
    struct Failure: Error {}
    var ran = false
    #expect(throws: Failure.self) {
      try Dependencies.withValues { _ in
        throw Failure()
      } operation: {
        ran = true
      }
    }
    #expect(!ran)
  }

  @Test func withInsideScopeWritesToTheScope() {
    Dependencies.withValues { _ in
    } operation: {
      FeatureEnvironment().with(\.scoped, 7)
      #expect(Reader().scoped == 7)
    }
    #expect(Reader().scoped == 0)
  }

  @Test func updateClosureReadsWhatItWrote() {
    let seen = Dependencies.withValues {
      $0.scoped = 8
      $0.scopedName = "read-back: \($0.scoped)"
    } operation: {
      Reader().scopedName
    }
    #expect(seen == "read-back: 8")
  }

  @Test func defaultThatReadsAnotherDependencyDoesNotDeadlock() {
    #expect(FeatureEnvironment().dependentDefault == 21)
  }
}
