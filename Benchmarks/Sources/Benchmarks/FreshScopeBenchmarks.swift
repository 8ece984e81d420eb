import GlobalEnv

/// A model made outside any scope that reads six dependencies: what a request handler reads.
struct GlobalRequestModel {
  @Dependency(\.benchNumber) var number
  @Dependency(\.bench1) var bench1
  @Dependency(\.bench2) var bench2
  @Dependency(\.bench3) var bench3
  @Dependency(\.bench4) var bench4
  @Dependency(\.bench5) var bench5

  var sum: Int { number &+ bench1 &+ bench2 &+ bench3 &+ bench4 &+ bench5 }
}

/// A model made outside any scope that reads keys set in the places `FreshScopeBenchmarks` tries.
struct GlobalPlacesModel {
  @Dependency(\.bench0) var bench0
  @Dependency(\.bench6) var bench6
  @Dependency(\.bench7) var bench7
  @Dependency(\.bench8) var bench8
}

/// GlobalEnv's scopes as code written for swift-dependencies makes them: a new scope, and a few
/// reads in it (issue 53). Where the key read is set: `Place`.
enum FreshScopeBenchmarks {
  enum Place {
    /// In the scope just made.
    case inTheScope
    /// In a scope around it.
    case inAnEnclosingScope
    /// Process-wide.
    case processWide
    /// Nowhere: its default, already made.
    case nowhere
  }

  /// Entering a scope that sets one key (`bench9`) and leaving it: what the rows below take away
  /// to give a first read's cost.
  static func enterScopeSettingOneKey(_ settings: Settings) -> Double {
    measure(settings) { iterations in
      var sum = 0
      for index in 0..<iterations {
        sum &+= Dependencies.withValues { $0.bench9 = index } operation: { index }
      }
      return sum
    }
  }

  /// Entering an asynchronous scope that sets one key and leaving it: the shape of asynchronous
  /// request middleware (`await withDependencies { $0.request = … } operation: { await next() }`).
  static func enterAsyncScopeSettingOneKey(_ settings: Settings) -> Double {
    ServiceBenchmarks.measureAsync(settings, per: 1) {
      let result = await Dependencies.withValues {
        $0.bench9 = 1
      } operation: { () async in
        1
      }
      blackHole(result)
    }
  }

  /// Entering a scope that sets one key, and reading one key, set at `place`, once in it.
  static func enterScopeAndRead(_ place: Place, _ settings: Settings) -> Double {
    let model = GlobalPlacesModel()
    switch place {
    case .inTheScope:
      return measure(settings) { iterations in
        var sum = 0
        for index in 0..<iterations {
          sum &+= Dependencies.withValues { $0.bench6 = index } operation: { model.bench6 }
        }
        return sum
      }
    case .inAnEnclosingScope:
      return Dependencies.withValues { $0.bench7 = 7 } operation: {
        readInFreshScopes(settings) { model.bench7 }
      }
    case .processWide:
      GlobalEnvironmentForBenchmarks().with(\.bench8, 8)
      return readInFreshScopes(settings) { model.bench8 }
    case .nowhere:
      _ = model.bench0
      return readInFreshScopes(settings) { model.bench0 }
    }
  }

  private static func readInFreshScopes(_ settings: Settings, _ read: () -> Int) -> Double {
    measure(settings) { iterations in
      var sum = 0
      for index in 0..<iterations {
        sum &+= Dependencies.withValues { $0.bench9 = index } operation: { read() }
      }
      return sum
    }
  }

  /// A request: a scope that sets one key, and six reads in it.
  static func requestReadingSix(_ settings: Settings) -> Double {
    let model = GlobalRequestModel()
    return measure(settings) { iterations in
      var sum = 0
      for index in 0..<iterations {
        sum &+= Dependencies.withValues { $0.benchNumber = index } operation: { model.sum }
      }
      return sum
    }
  }
}

/// A `GlobalEnvironment` that writes process-wide values.
struct GlobalEnvironmentForBenchmarks: GlobalEnvironment {}
