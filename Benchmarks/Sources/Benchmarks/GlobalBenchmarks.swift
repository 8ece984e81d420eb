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
