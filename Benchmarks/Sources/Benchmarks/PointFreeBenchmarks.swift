import Dependencies

/// pointfreeco/swift-dependencies measurements.
enum PointFreeBenchmarks {
  /// A `@Dependency` read of a live value, no override.
  static func read(_ settings: Settings) -> Double {
    read(PeerModel(), settings)
  }

  /// A `@Dependency` read through a key path made at run time for the read (`\.[peerKey: i]`), as
  /// a swift-dependencies user writes it.
  static func runTimeKeyPathRead(_ settings: Settings) -> Double {
    measure(settings) { iterations in
      var sum = 0
      for index in 0..<iterations {
        @Dependency(\.[peerKey: index & 7]) var value
        sum &+= value
      }
      return sum
    }
  }

  /// A `@Dependency` of a model made inside `withDependencies`, read after it.
  static func readCapturedAfterScope(_ settings: Settings) -> Double {
    let model = withDependencies { $0.peerNumber = 7 } operation: { PeerModel() }
    return read(model, settings)
  }

  /// A `@Dependency` of a model made inside one `withDependencies`, read inside another.
  static func readCapturedInAnotherScope(_ settings: Settings) -> Double {
    let model = withDependencies { $0.peerNumber = 7 } operation: { PeerModel() }
    return withDependencies { $0.peer1 = 2 } operation: { read(model, settings) }
  }

  /// Repeated reads through `model`, once primed.
  private static func read(_ model: PeerModel, _ settings: Settings) -> Double {
    _ = model.number
    return measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= model.number }
      return sum
    }
  }

  /// A `@Dependency` read inside `withDependencies`.
  static func readInsideWithDependencies(_ settings: Settings) -> Double {
    withDependencies { $0.peerNumber = 7 } operation: {
      read(settings)
    }
  }

  /// A `@Dependency` read inside three nested `withDependencies`.
  static func readInsideThreeWithDependencies(_ settings: Settings) -> Double {
    withDependencies { $0.peerNumber = 1 } operation: {
      withDependencies { $0.peer1 = 2 } operation: {
        withDependencies { $0.peer2 = 3 } operation: {
          read(settings)
        }
      }
    }
  }

  /// Creates a model and reads ten dependencies from it.
  static func createAndReadTen(_ settings: Settings) -> Double {
    measure(settings) { iterations in
      var sum = 0
      for _ in 0..<iterations { sum &+= PeerTenModel().sum }
      return sum
    }
  }

  /// swift-dependencies' request.
  static func requestReadingSix(_ settings: Settings) -> Double {
    let model = PeerRequestModel()
    return measure(settings) { iterations in
      var sum = 0
      for index in 0..<iterations {
        sum &+= withDependencies { $0.peerNumber = index } operation: { model.sum }
      }
      return sum
    }
  }
}

/// swift-dependencies' `GlobalRequestModel`.
struct PeerRequestModel {
  @Dependency(\.peerNumber) var number
  @Dependency(\.peer1) var peer1
  @Dependency(\.peer2) var peer2
  @Dependency(\.peer3) var peer3
  @Dependency(\.peer4) var peer4
  @Dependency(\.peer5) var peer5

  var sum: Int { number &+ peer1 &+ peer2 &+ peer3 &+ peer4 &+ peer5 }
}

