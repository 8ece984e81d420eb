import _EnvironmentAtomics

/// The reads of dependencies in progress on the calling thread, for the test failure a read may
/// raise: where the user wrote the read, and which `Dependencies` property's getter is running.
/// Looked at only when a failure is reported, which then costs no more than formatting it.
///
/// A read that may run user code (an uncached read: a getter, a default) runs in a frame on the
/// reading thread's stack, linked to the frame of the read around it; the `Dependencies`
/// subscript names, in the innermost frame, the property whose getter reads a key (its
/// `#function`, as swift-dependencies names it):
///
/// ```swift
/// ReadTrace.reading(at: site) { node.readUncached(keyPath) }  // the site of a `@Dependency`
/// ReadTrace.current  // in the report: ("apiClient", site)
/// ```
///
/// Frames are kept only while a test context is alive (`mayReport`), and for a getter's read
/// that no read frames, also where a testing module is loaded: a process that runs no tests pays
/// one atomic load per uncached read and two per getter, and reports nothing.
///
/// Hazard: a frame is valid only while its read runs; nothing outside this file keeps a frame's
/// address.
@usableFromInline
package enum ReadTrace {
  /// One read in progress: where it was written (none for a read that cannot say, such as
  /// `environment.apiClient`), the property whose getter runs in it, and the read around it.
  fileprivate struct Frame {
    let site: ReadSite?
    /// The `#function` of the getter that reads a key now: a static, null-terminated literal.
    var property: UnsafePointer<UInt8>?
    let outer: UnsafeMutablePointer<Frame>?
  }

  /// The calling thread's innermost frame. The key is never deleted: a frame is on the stack, so
  /// there is nothing to release at a thread's exit.
  private static let innermostFrame = ThreadLocalPointer {
    "swift-composable-env: pthread_key_create failed with \($0)"
  }

  /// Whether a read may report a test failure: some test context is alive (one atomic load; see
  /// `TestContext`). Without one, no read runs in a frame. Inlined, so that a read outside tests
  /// makes no call for its frame.
  @inlinable @inline(__always)
  static var mayReport: Bool { environment_live_test_contexts_load() != 0 }

  private static var innermost: UnsafeMutablePointer<Frame>? {
    innermostFrame.value?.assumingMemoryBound(to: Frame.self)
  }

  /// Runs `body`, a read written at `site` (if known), as the calling thread's innermost read.
  ///
  /// ```swift
  /// let value = ReadTrace.reading(at: site) { node.readUncached(keyPath) }
  /// ```
  @inlinable @inline(__always)
  package static func reading<Result>(at site: ReadSite?, _ body: () -> Result) -> Result {
    mayReport ? readingInFrame(at: site, body) : body()
  }

  /// `reading(at:_:)` in a test process: in a frame.
  @usableFromInline
  static func readingInFrame<Result>(at site: ReadSite?, _ body: () -> Result) -> Result {
    var frame = Frame(site: site, property: nil, outer: innermost)
    return withUnsafeMutablePointer(to: &frame) { frame in
      innermostFrame.value = UnsafeMutableRawPointer(frame)
      defer { innermostFrame.value = UnsafeMutableRawPointer(frame.pointee.outer) }
      return body()
    }
  }

  /// Runs `body`, in which the getter of the `Dependencies` property `function` reads a key:
  /// a failure reported meanwhile names it (`\Dependencies.apiClient`). `site` is where the
  /// `Dependencies` subscript was called (its defaulted or given location), the site of a read
  /// that no read around it frames: one of a `Dependencies()` of its own. Evaluated only in a
  /// test process.
  ///
  /// ```swift
  /// get { ReadTrace.readingProperty(function, at: site) { storage.value(for: key) } }
  /// ```
  ///
  /// Framed also where a testing module installed the failure reporter and no test context is
  /// alive yet: a `Dependencies()` of its own reads test values there (see `StandaloneStorage`),
  /// so its reads may report. A process that runs no tests pays a second atomic load.
  @inlinable @inline(__always)
  package static func readingProperty<Result>(
    _ function: StaticString, at site: @autoclosure () -> ReadSite, _ body: () -> Result
  ) -> Result {
    mayReport || environment_test_reporter_load() != nil
      ? readingPropertyInFrame(function, at: site(), body) : body()
  }

  /// `readingProperty(_:at:_:)` in a test process: named in the innermost frame; without one, in
  /// a frame of its own at `site`.
  @usableFromInline
  static func readingPropertyInFrame<Result>(
    _ function: StaticString, at site: ReadSite, _ body: () -> Result
  ) -> Result {
    guard let frame = innermost else {
      return readingInFrame(at: site) { readingPropertyInFrame(function, at: site, body) }
    }
    let outer = frame.pointee.property
    frame.pointee.property = function.hasPointerRepresentation ? function.utf8Start : nil
    defer { frame.pointee.property = outer }
    return body()
  }

  /// What the calling thread's reads say of the one being reported: the `Dependencies`
  /// property whose getter reads a key in the innermost read (`apiClient`; none for a read by
  /// key type, or a getter that is not a property's), and the site of the innermost read that
  /// has one (a read that has none, `environment.apiClient`, is taken for part of the read
  /// around it, if any).
  ///
  /// ```swift
  /// let (property, site) = ReadTrace.current
  /// ```
  package static var current: (property: String?, site: ReadSite?) {
    guard let innermost else { return (nil, nil) }
    // A getter's `#function` is the property's name; a subscript's or a method's is not a name.
    let property = innermost.pointee.property.map { String(cString: $0) }.flatMap {
      $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? $0 : nil
    }
    let framed = sequence(first: innermost) { $0.pointee.outer }.first { $0.pointee.site != nil }
    return (property, framed?.pointee.site)
  }
}
