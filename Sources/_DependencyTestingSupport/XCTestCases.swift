#if canImport(XCTest)
  import XCTest

  /// Which XCTest case is running, if any: XCTest has no public "current test case", so an
  /// observer follows the cases as they start and finish.
  enum XCTestCases {
    /// The running XCTest case.
    static var running: XCTestCase? { observer.current }

    /// Starts following XCTest cases (once).
    static func observe() {
      _ = registration
    }

    private static let observer = CaseObserver()

    private static let registration: Void = {
      XCTestObservationCenter.shared.addTestObserver(observer)
    }()
  }

  /// Follows the running XCTest case.
  ///
  /// `@unchecked Sendable`: `running` is only touched under `lock`.
  private final class CaseObserver: NSObject, XCTestObservation, @unchecked Sendable {
    private let lock = NSLock()
    private var running: [XCTestCase] = []

    var current: XCTestCase? { lock.withLock { running.last } }

    func testCaseWillStart(_ testCase: XCTestCase) {
      lock.withLock { running.append(testCase) }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
      let finished = lock.withLock { () -> XCTestCase? in
        guard let index = running.lastIndex(where: { $0 === testCase }) else { return nil }
        return running.remove(at: index)
      }
      withExtendedLifetime(finished) {}
    }
  }
#endif
