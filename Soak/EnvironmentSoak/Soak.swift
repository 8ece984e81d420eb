import ComposableEnv
import Foundation
import TestSupport

/// A soak run: `Scripts/soak MINUTES`. Eight threads perform random operations on their own
/// subtrees of one shared root (derive, make and drop children, override, alias, read, GlobalEnv
/// scopes), each checked against the reference model, while a checker thread reads sampled nodes
/// of every subtree from its own thread and rewrites the shared root (invalidating every cached
/// read of the tree). Every 10 s it prints operations done, resident memory, live environments,
/// live written values and disagreements; it ends with a verdict: zero disagreements, resident
/// memory after the warm-up grown by at most 5%, and never more written values alive (they are
/// reference-typed `ModelValue`s that count themselves) than the nodes that may hold them allow.
@main
enum Soak {
  /// The value the shared root sets for key 0 (and keeps rewriting).
  static let rootValue = "root-0"

  /// The most written values that may be alive at once: every node of every subtree (and the
  /// root) holds, per key, at most a written value, a cached result and a key memo; a worker
  /// and the checker hold a few more for the moment of one operation.
  static let liveValuesBound = (8 * Worker.maximumNodes + 1) * ModelKeys.count * 3 + 9 * 4

  static func main() {
    let arguments = CommandLine.arguments.dropFirst()
    let minutes = arguments.first.map { Double($0) ?? .nan } ?? 10
    guard minutes > 0, minutes.isFinite else {
      say(
        "usage: EnvironmentSoak [MINUTES]  (a positive number; default 10), not \(arguments.first ?? "")"
      )
      exit(2)
    }
    let seconds = minutes * 60
    let warmUp = min(60, seconds / 5)
    var system = SystemRandomNumberGenerator()
    let seed =
      ProcessInfo.processInfo.environment["SOAK_SEED"].flatMap(UInt64.init) ?? system.next()
    say("soak: \(minutes) min, 8 workers + 1 checker, seed \(seed) (replay: SOAK_SEED=\(seed))")

    let root = SoakEnvironment().with(\.model0, ModelValue(rootValue))
    let workers = (0..<8).map { Worker(index: $0, root: root, seed: seed &+ UInt64($0)) }
    let stop = StopFlag()
    for worker in workers {
      Thread.detachNewThread {
        while !stop.isSet {
          for _ in 0..<256 { worker.step() }
        }
        stop.finished()
      }
    }
    Thread.detachNewThread {
      var generator = SeededGenerator(seed: seed &+ 100)
      var rounds = 0
      while !stop.isSet {
        rounds += 1
        workers[rounds % workers.count].sample(using: &generator)
        if rounds % 64 == 0 { root.with(\.model0, ModelValue(rootValue)) }
      }
      stop.finished()
    }

    let start = Date()
    var afterWarmUp: Int?
    var elapsed = 0.0
    while elapsed < seconds {
      Thread.sleep(forTimeInterval: min(10, seconds - elapsed))
      elapsed = Date().timeIntervalSince(start)
      let resident = residentBytes()
      if afterWarmUp == nil, elapsed >= warmUp { afterWarmUp = resident }
      let counts = workers.map(\.counts)
      say(
        String(
          format:
            "[%5.0f s] %@ operations, RSS %.1f MiB (heap in use %@), %d live environments, %d live written values, %d disagreements",
          elapsed, counts.map(\.operations).reduce(0, +).formatted(), Double(resident) / 1_048_576,
          heapBytesInUse().map { String(format: "%.1f MiB", Double($0) / 1_048_576) } ?? "n/a",
          LiveEnvironments.shared.current, ModelValue.written.count,
          counts.map(\.disagreements.count).reduce(0, +))
      )
    }
    stop.set(waitingFor: workers.count + 1)

    let counts = workers.map(\.counts)
    let disagreements = counts.flatMap(\.disagreements)
    for disagreement in disagreements.prefix(10) { say("disagreement: \(disagreement)") }
    let final = residentBytes()
    let baseline = afterWarmUp ?? final
    let growth = Double(final - baseline) / Double(baseline)
    let livePeak = ModelValue.written.peak
    let passed = disagreements.isEmpty && growth <= 0.05 && livePeak <= liveValuesBound
    say(
      String(
        format:
          "verdict: %@ — %@ operations in %.1f min, %d disagreements, RSS %.1f MiB after the warm-up (%.0f s) → %.1f MiB at the end (%+.1f%%, limit +5%%), at most %d written values alive at once (limit %d)",
        passed ? "PASS" : "FAIL", counts.map(\.operations).reduce(0, +).formatted(), elapsed / 60,
        disagreements.count, Double(baseline) / 1_048_576, warmUp, Double(final) / 1_048_576,
        growth * 100, livePeak, liveValuesBound)
    )
    exit(passed ? 0 : 1)
  }
}

/// Tells the soaking threads to stop, and waits until they have.
final class StopFlag: @unchecked Sendable {
  // Safe: `stopping` and `stopped` are only read and written while `condition` is locked.
  private let condition = NSCondition()
  private var stopping = false
  private var stopped = 0

  var isSet: Bool { condition.withLock { stopping } }

  /// Called by a thread when it has seen the flag and stopped.
  func finished() {
    condition.withLock {
      stopped += 1
      condition.broadcast()
    }
  }

  /// Sets the flag and waits for `threads` threads to finish.
  func set(waitingFor threads: Int) {
    condition.withLock {
      stopping = true
      while stopped < threads { condition.wait() }
    }
  }
}

/// Prints `line` at once, also into a file or a pipe (where output is otherwise buffered).
func say(_ line: String) {
  print(line)
  fflush(nil)
}
