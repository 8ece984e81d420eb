import DependencyValues
import Testing
import _EnvironmentCore

#if canImport(Runtime)
  import Runtime
#endif

/// What the call stack of a read says: which `Dependencies` key path is being read, and from
/// where in the user's code. Key paths do not carry their names at run time, but the accessor a
/// key path calls is a function whose symbol names the property (`key path getter for
/// Dependencies.apiClient : Dependencies`). Only computed when a failure is reported.
enum CallStack {
  /// From one capture of the call stack: `\Dependencies.apiClient` for the innermost
  /// `Dependencies` property being read (none for a read by key type), and the source location
  /// of the innermost frame that is neither this package's code nor a `Dependencies` accessor.
  static func readBeingReported() -> (keyPath: String?, location: TestFailureLocation?) {
    #if canImport(Runtime)
      guard let frames = symbolicatedFrames() else { return (nil, nil) }
      var keyPath: String?
      for frame in frames {
        guard let symbol = frame.symbol else { continue }
        if let property = propertyRead(by: symbol.name) {
          if keyPath == nil { keyPath = "\\Dependencies.\(property)" }
          continue
        }
        // The first frame of the user's code that is not a `Dependencies` accessor: the read (a
        // read by key type, `@Dependency(APIClient.self)`, runs no accessor).
        guard !frame.isSystem, !symbol.isSwiftThunk,
          let location = symbol.sourceLocation,
          !location.path.hasPrefix(packageSources), location.line > 0
        else { continue }
        if location.path.contains("@__swiftmacro_") {
          if let expanded = macroExpansionSite(location.path) { return (keyPath, expanded) }
          continue
        }
        // `Module/File.swift`, taking the file's directory for its module (as SwiftPM lays out).
        let fileID = location.path.split(separator: "/").suffix(2).joined(separator: "/")
        guard fileID.contains("/") else { continue }
        return (
          keyPath,
          TestFailureLocation(
            fileID: fileID, filePath: location.path, line: location.line,
            column: max(location.column, 1))
        )
      }
      return (keyPath, nil)
    #else
      return (nil, nil)
    #endif
  }

  /// Where a macro (such as `#expect`) whose expansion is at `path` was written, when it is in
  /// the running Swift Testing test's file. An expansion's name holds its file's name without
  /// dots and, after `fMX`, its zero-based line and column (`…ArticleTestingswift…fMX73_4_…`).
  private static func macroExpansionSite(_ path: String) -> TestFailureLocation? {
    guard let test = Test.current?.sourceLocation,
      path.contains(test.fileName.filter { $0 != "." }),
      let marker = path.range(of: "fMX")
    else { return nil }
    let numbers = path[marker.upperBound...].split(separator: "_", maxSplits: 2)
    guard numbers.count == 3, let line = Int(numbers[0]), let column = Int(numbers[1]) else {
      return nil
    }
    return TestFailureLocation(
      fileID: test.fileID, filePath: test.filePath, line: line + 1, column: column + 1)
  }

  /// The property a frame's function reads, if it is a `Dependencies` accessor.
  private static func propertyRead(by symbol: String) -> Substring? {
    // "key path getter for Dependencies.apiClient : Dependencies", or, for a direct read,
    // "Dependencies.apiClient.getter : APIClient" (possibly module-qualified).
    if let range = symbol.range(of: "key path getter for ") {
      let rest = symbol[range.upperBound...]
      let path = rest.prefix { $0 != " " }
      return property(in: path)
    }
    if let range = symbol.range(of: ".getter") {
      return property(in: symbol[..<range.lowerBound])
    }
    return nil
  }

  /// `apiClient` in `Dependencies.apiClient` or `DependencyValues.Dependencies.apiClient`.
  private static func property(in path: Substring) -> Substring? {
    let components = path.split(separator: ".")
    guard components.count >= 2, components[components.count - 2] == "Dependencies",
      let property = components.last, property != "subscript",
      property.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
    else { return nil }
    return property
  }

  /// The directory of this package's sources, whose frames are not the user's.
  private static let packageSources: String = {
    var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast(2)  // this file and its module's directory
    return components.joined(separator: "/") + "/"
  }()

  #if canImport(Runtime)
    /// Serializes symbolication: the `Runtime` module's symbolication crashed when several
    /// threads reported at once (a strict test process reports from every thread). A leaf lock;
    /// symbolication runs no user code and takes no lock of the library.
    ///
    /// `nonisolated(unsafe)`: an immutable reference to a lock, whose state counts the
    /// symbolications (a `Void` state would share its zero-sized storage's address with the lock
    /// word, which ThreadSanitizer then reports as an access race).
    nonisolated(unsafe) private static let symbolication = LockedValue<Int>.make(0)

    private static func symbolicatedFrames() -> [SymbolicatedBacktrace.Frame]? {
      guard let backtrace = try? Backtrace.capture(limit: 64) else { return nil }
      return symbolication.withLock { count in
        count += 1
        return backtrace.symbolicated()?.frames
      }
    }
  #endif
}
