import _EnvironmentAtomics

/// Gives code a random number generator to use: the value of the built-in
/// `withRandomNumberGenerator` dependency. A test sets a seeded generator, so that "random" is
/// the same every run.
///
/// ```swift
/// @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
/// let roll = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
/// ```
///
/// One generator is used from one place at a time, with no lock held while `work` runs. A call
/// made while another is using the generator (on another thread, or inside the other's `work`)
/// is not made to wait: it uses the system's generator instead and reports it (a test fails,
/// since its numbers no longer come from the generator it set). The system's generator is shared
/// freely.
public final class WithRandomNumberGenerator: @unchecked Sendable {
  // `@unchecked Sendable`: `generator` is only touched by the call that holds `claim` (and never
  // for the system's generator, which `isSystem` marks); `claim` changes atomically.
  private var generator: any RandomNumberGenerator
  private let isSystem: Bool
  private let claim = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)

  /// Gives `generator` to each call, one at a time.
  ///
  /// ```swift
  /// $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededGenerator(seed: 42))
  /// ```
  public init<Generator: RandomNumberGenerator & Sendable>(_ generator: Generator) {
    self.generator = generator
    isSystem = generator is SystemRandomNumberGenerator
    claim.initialize(to: 0)
  }

  deinit { claim.deallocate() }

  /// Runs `work` with the generator.
  ///
  /// ```swift
  /// let shuffled = withRandomNumberGenerator { cards.shuffled(using: &$0) }
  /// ```
  public func callAsFunction<Result>(
    _ work: (inout any RandomNumberGenerator) throws -> Result
  ) rethrows -> Result {
    if isSystem { return try Self.withSystemGenerator(work) }
    guard environment_flag_claim(claim) else {
      TestFailureReporting.record(
        """
        withRandomNumberGenerator was used while another use of it was running (on another \
        thread, or inside the other's closure): that call used the system's random number \
        generator, not the one set for it. Use one generator from one place at a time, or give \
        each concurrent task a generator of its own.
        """,
        at: nil)
      return try Self.withSystemGenerator(work)
    }
    defer { environment_flag_unclaim(claim) }
    return try work(&generator)
  }

  private static func withSystemGenerator<Result>(
    _ work: (inout any RandomNumberGenerator) throws -> Result
  ) rethrows -> Result {
    var system: any RandomNumberGenerator = SystemRandomNumberGenerator()
    return try work(&system)
  }
}

/// The key of `Dependencies.withRandomNumberGenerator`: the system's generator.
private enum WithRandomNumberGeneratorKey: BuiltInDependencyKey {
  static var defaultValue: WithRandomNumberGenerator {
    WithRandomNumberGenerator(SystemRandomNumberGenerator())
  }
}

extension Dependencies {
  /// The random number generator to use: the system's unless a test or an environment sets one
  /// (a seeded generator makes tests repeatable). A test that reads it without setting it fails,
  /// naming it.
  ///
  /// ```swift
  /// @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
  /// let id = withRandomNumberGenerator { UInt64.random(in: 0...999, using: &$0) }
  /// ```
  ///
  /// Disfavored, so that a `withRandomNumberGenerator` you declare on `Dependencies` yourself is
  /// the one your code reads, in any module.
  @_disfavoredOverload
  public var withRandomNumberGenerator: WithRandomNumberGenerator {
    get { self[WithRandomNumberGeneratorKey.self] }
    set { self[WithRandomNumberGeneratorKey.self] = newValue }
  }
}
