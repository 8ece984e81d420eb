import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One figure of one library in one scenario.
struct Result: Encodable {
  let scenario: String
  let library: String
  let value: Double
  /// `ns/op`, or `bytes/node` for memory scenarios.
  let unit: String
}

/// How long and how often to measure.
struct Settings {
  /// Samples per measurement; the best one is reported.
  var samples = 5
  /// The time one sample should take.
  var sampleSeconds = 0.05

  static let quick = Settings(samples: 1, sampleSeconds: 0.002)
}

/// Where results go, so that the optimizer cannot remove the work that computed them.
nonisolated(unsafe) var benchmarkSink = 0

/// Keeps `value` (and the work behind it) from being optimized away.
@inline(never)
func blackHole(_ value: Int) {
  benchmarkSink &+= value
}

/// Measures `body`, which runs its operation `iterations` times and returns a value to keep the
/// work alive; returns the best ns/op over `settings.samples` samples, after a warm-up.
func measure(_ settings: Settings, _ body: (_ iterations: Int) -> Int) -> Double {
  // Warm up and calibrate: find an iteration count that fills a sample.
  var iterations = 1
  while true {
    let seconds = time { blackHole(body(iterations)) }
    if seconds >= settings.sampleSeconds / 4 || iterations >= 1 << 30 {
      iterations = max(1, Int(Double(iterations) * settings.sampleSeconds / max(seconds, 1e-9)))
      break
    }
    iterations *= 4
  }
  var best = Double.infinity
  for _ in 0..<settings.samples {
    let seconds = time { blackHole(body(iterations)) }
    best = min(best, seconds * 1e9 / Double(iterations))
  }
  return best
}

func time(_ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Runs `body(index)` on `count` threads at once and waits for all of them.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    let thread = Thread {
      body(index)
      group.leave()
    }
    thread.start()
  }
  group.wait()
}

/// Runs `body(index)` on `count` threads that are all alive at once (each, having run `body`,
/// waits until every one has), then joins them: when this returns, every one of them has exited,
/// its thread-exit destructors included, which `runOnThreads` does not wait for.
func runOnOverlappingThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let arrived = DispatchGroup()
  let leave = DispatchSemaphore(value: 0)
  var attributes = pthread_attr_t()
  pthread_attr_init(&attributes)
  defer { pthread_attr_destroy(&attributes) }
  // Small stacks: thousands of threads at once, each running one read.
  pthread_attr_setstacksize(&attributes, 256 << 10)
  var threads: [pthread_t] = []
  for index in 0..<count {
    arrived.enter()
    let work = ThreadWork {
      body(index)
      arrived.leave()
      leave.wait()
    }
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let status = pthread_create(
      &thread, &attributes, startThreadWork, Unmanaged.passRetained(work).toOpaque())
    precondition(status == 0, "pthread_create failed with \(status) after \(index) threads")
    #if canImport(Darwin)
      threads.append(thread!)
    #else
      threads.append(thread)
    #endif
  }
  arrived.wait()
  for _ in 0..<count { leave.signal() }
  for thread in threads { pthread_join(thread, nil) }
}

/// What a thread of `runOnOverlappingThreads` runs.
private final class ThreadWork: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// A thread's start routine: runs the `ThreadWork` it is passed (retained for it).
#if canImport(Darwin)
  private func startThreadWork(_ work: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadWork>.fromOpaque(work).takeRetainedValue().run()
    return nil
  }
#else
  private func startThreadWork(_ work: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadWork>.fromOpaque(work!).takeRetainedValue().run()
    return nil
  }
#endif

/// Starts a thread that sleeps for the rest of the run, making the process multi-threaded.
func startParkedThread() {
  let started = DispatchSemaphore(value: 0)
  let thread = Thread {
    started.signal()
    while true { sleep(3_600) }
  }
  thread.start()
  started.wait()
}
