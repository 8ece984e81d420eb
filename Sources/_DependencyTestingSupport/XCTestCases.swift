#if canImport(XCTest)
  import XCTest

  /// Which XCTest case is running, if any: XCTest has no public "current test case", so an
  /// observer follows the cases as they start and finish.
  enum XCTestCases {
    /// The running XCTest case.
    static var running: XCTestCase? { observer.current }

    /// Runs `body` once the running case finishes; `false` if no case runs.
    static func whenRunningCaseEnds(_ body: @escaping @Sendable () -> Void) -> Bool {
      observer.whenCurrentFinishes(body)
    }

    /// Starts following XCTest cases (once).
    static func observe() {
      _ = registration
    }

    private static let observer = CaseObserver()

    private static let registration: Void = {
      XCTestObservationCenter.shared.addTestObserver(observer)
    }()
  }

  /// Follows the running XCTest cases (a case may run another inside it: the innermost is the
  /// last), each with what is to run when it finishes.
  ///
  /// `@unchecked Sendable`: `running` is only touched under `lock`, and nothing else runs under
  /// it: a finished case and its `whenFinished` bodies are released and run after it.
  private final class CaseObserver: NSObject, XCTestObservation, @unchecked Sendable {
    private let lock = NSLock()
    private var running: [(testCase: XCTestCase, whenFinished: [@Sendable () -> Void])] = []

    var current: XCTestCase? { lock.withLock { running.last?.testCase } }

    /// Adds `body` to what runs when the innermost running case finishes; `false` if none runs.
    func whenCurrentFinishes(_ body: @escaping @Sendable () -> Void) -> Bool {
      lock.withLock {
        guard !running.isEmpty else { return false }
        running[running.count - 1].whenFinished.append(body)
        return true
      }
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
      lock.withLock { running.append((testCase, [])) }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
      let finished = lock.withLock { () -> (XCTestCase, [@Sendable () -> Void])? in
        guard let index = running.lastIndex(where: { $0.testCase === testCase }) else { return nil }
        return running.remove(at: index)
      }
      guard let (testCase, whenFinished) = finished else { return }
      withExtendedLifetime(testCase) {
        for body in whenFinished { body() }
      }
    }
  }
#endif
