import Foundation
import GlobalEnv
import HeapStatistics

/// A model that reads one process-wide dependency.
struct GlobalModel {
  @Dependency(\.benchNumber) var number
}

/// `GlobalModel` with its dependency read by key type, the short form.
struct GlobalKeyTypeModel {
  @Dependency(DependencyKeys.BenchNumber.self) var number
}

/// swift-composable-env's `GlobalEnv` measurements.
enum GlobalBenchmarks {
  /// A `@Dependency` read outside any `withValues` scope.
  static func readOutsideScope(_ settings: Settings) -> Double {
    read(GlobalModel(), settings)
  }

  /// A `@Dependency(Key.self)` read outside any `withValues` scope.
  static func keyTypeReadOutsideScope(_ settings: Settings) -> Double {
    let model = GlobalKeyTypeModel()
    _ = model.number
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= model.number }
      return sum
    }
  }

  /// A `@Dependency` read inside a `withValues` scope.
  static func readInsideScope(_ settings: Settings) -> Double {
    Dependencies.withValues { $0.benchNumber = 7 } operation: {
      readOutsideScope(settings)
    }
  }

  /// A `@Dependency` read inside three nested `withValues` scopes.
  static func readInsideThreeScopes(_ settings: Settings) -> Double {
    Dependencies.withValues { $0.benchNumber = 1 } operation: {
      Dependencies.withValues { $0.bench1 = 2 } operation: {
        Dependencies.withValues { $0.bench2 = 3 } operation: {
          readOutsideScope(settings)
        }
      }
    }
  }

  /// Entering (and leaving) one more `withDependencies` scope inside `depth` nested ones, on a
  /// thread of its own with a stack for the nesting: entering must cost the same at any depth.
  static func enterNestedScope(depth: Int, _ settings: Settings) -> Double {
    // `nonisolated(unsafe)`: written by the thread before it signals, read after the wait.
    nonisolated(unsafe) var result = 0.0
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      result = nest(level: 1, total: depth) { measure(settings, enterScopes) }
      done.signal()
    }
    thread.stackSize = 256 << 20
    thread.start()
    done.wait()
    return result
  }

  /// Runs `body` inside `total - level + 1` nested `withDependencies` scopes.
  @inline(never)
  static func nest<Result>(level: Int, total: Int, _ body: () -> Result) -> Result {
    guard level <= total else { return body() }
    return withDependencies { $0.bench2 = level } operation: {
      nest(level: level + 1, total: total, body)
    }
  }

  /// Enters and leaves `times` scopes, one after another, where it is called.
  @inline(never)
  static func enterScopes(_ times: Int) -> Int {
    var sum = 0
    for index in 0..<times {
      sum &+= withDependencies { $0.bench1 = index } operation: { index }
    }
    return sum
  }

  /// A `@Dependency` of a model made in a `withValues` scope, read after the scope ended (through
  /// the scope it captured).
  static func readCapturedAfterScope(_ settings: Settings) -> Double {
    let model = Dependencies.withValues { $0.benchNumber = 7 } operation: { GlobalModel() }
    return read(model, settings)
  }

  /// A `@Dependency` of a model made in one `withValues` scope, read in another that sets a value
  /// (the captured values with the reading scope's on top).
  static func readCapturedInAnotherScope(_ settings: Settings) -> Double {
    let model = Dependencies.withValues { $0.benchNumber = 7 } operation: { GlobalModel() }
    return Dependencies.withValues { $0.bench1 = 2 } operation: { read(model, settings) }
  }

  /// Making a model in a new `withValues` scope nested in a long-lived one that sets a value, and
  /// reading it from the long-lived scope (through an overlay), after `endedScopes` models were
  /// made and read the same way and their scopes ended: a server that wraps its run loop in
  /// `withValues` and makes a model per request.
  static func makeAndReadAfterEndedScopes(_ endedScopes: Int, _ settings: Settings) -> Double {
    Dependencies.withValues { $0.bench1 = 2 } operation: {
      for _ in 0..<endedScopes { blackHole(makeModelInNestedScope().number) }
      return measure(settings) { iterations in
        var sum = 0
        for _ in 0..<iterations { sum &+= makeModelInNestedScope().number }
        return sum
      }
    }
  }

  /// The heap the long-lived scope of `makeAndReadAfterEndedScopes` grows by while `endedScopes`
  /// models are made and read there, each in a nested scope that then ends, measured before it
  /// ends (after one first model, which makes its first overlay). `nil` where the allocator does
  /// not report its usage.
  static func heapGrowthOverEndedScopes(_ endedScopes: Int) -> Double? {
    guard heap_statistics_available() != 0 else { return nil }
    return Dependencies.withValues { $0.bench1 = 2 } operation: {
      blackHole(makeModelInNestedScope().number)
      let before = heap_bytes_in_use()
      for _ in 0..<endedScopes { blackHole(makeModelInNestedScope().number) }
      return Double(Int(heap_bytes_in_use()) - Int(before))
    }
  }

  /// A model made in a new `withValues` scope that sets a value, returned after the scope ended.
  private static func makeModelInNestedScope() -> GlobalModel {
    Dependencies.withValues { $0.benchNumber = 7 } operation: { GlobalModel() }
  }

  /// Repeated reads through `model`, once primed.
  private static func read(_ model: GlobalModel, _ settings: Settings) -> Double {
    _ = model.number
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= model.number }
      return sum
    }
  }
}

extension GlobalBenchmarks {
  /// Nests `total` scopes, entering `times` scopes one after another inside the scope of depth
  /// `enteringAt`.
  @inline(never)
  static func nest(level: Int, total: Int, enteringAt depth: Int, _ times: Int) -> Int {
    withDependencies { $0.bench2 = level } operation: {
      let entered = level == depth ? enterScopes(times) : 0
      guard level < total else { return entered }
      return entered &+ nest(level: level + 1, total: total, enteringAt: depth, times)
    }
  }
}
