import GlobalEnv
import Testing

#if compiler(>=6.2)  // exit tests (Swift Testing 6.2)
  /// Run-time misuse stops the program with a message that names the keys involved. Each case runs
  /// in a child process, so process-wide state here is untouched.
  @Suite("Misuse diagnostics")
  struct MisuseTests {
    @Test func processWideAliasCycleNamesTheKeys() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        AppEnvironment()
          .aliasing(\.secondary, to: \.primary)
          .aliasing(\.primary, to: \.secondary)
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(
        message.contains(
          "DependencyKeys.Primary → DependencyKeys.Secondary → DependencyKeys.Primary")
      )
    }

    @Test func defaultThatReadsItsOwnKeyNamesTheKey() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = FeatureEnvironment().selfReading
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(
        message.contains(
          "the default value of DependencyKeys.SelfReading reads DependencyKeys.SelfReading itself")
      )
    }

    @Test func indirectDefaultRecursionNamesTheChain() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = FeatureEnvironment().pingDefault
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(
        message.contains(
          "DependencyKeys.PingDefault → DependencyKeys.PongDefault → DependencyKeys.PingDefault"))
    }
  }
#endif

extension DependencyKeys {
  /// A default that (wrongly) reads its own key.
  struct SelfReading: DependencyKey {
    static var defaultValue: Int { FeatureEnvironment().selfReading + 1 }
  }
  /// Two defaults that (wrongly) read each other.
  struct PingDefault: DependencyKey {
    static var defaultValue: Int { FeatureEnvironment().pongDefault + 1 }
  }
  struct PongDefault: DependencyKey {
    static var defaultValue: Int { FeatureEnvironment().pingDefault + 1 }
  }
}

extension Dependencies {
  var selfReading: Int {
    get { self[DependencyKeys.SelfReading.self] }
    set { self[DependencyKeys.SelfReading.self] = newValue }
  }
  var pingDefault: Int {
    get { self[DependencyKeys.PingDefault.self] }
    set { self[DependencyKeys.PingDefault.self] = newValue }
  }
  var pongDefault: Int {
    get { self[DependencyKeys.PongDefault.self] }
    set { self[DependencyKeys.PongDefault.self] = newValue }
  }
}
