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
  /// From the call stack: `\Dependencies.apiClient` for the innermost `Dependencies` property
  /// being read (none for a read by key type), and the source location of the innermost frame
  /// that is neither this package's code nor a `Dependencies` accessor.
  ///
  /// Source locations are what costs (tens of milliseconds a frame in a test bundle, seconds
  /// under the sanitizers, under a lock every reporting thread takes, blocking a thread of the
  /// cooperative pool meanwhile): so the stack is first symbolicated by name only, and only the
  /// candidates for the user's frame are looked up in the debug information, one at a time.
  static func readBeingReported() -> (keyPath: String?, location: TestFailureLocation?) {
    #if canImport(Runtime)
      // Both captures are made in this function, and this first symbolication does not expand
      // inlined calls: a frame's index here is its offset in the capture of a candidate below.
      // They share one map of the loaded images, made under the symbolication's lock: making one
      // reads the header of every file mapped in the process, and a symbolication on another
      // thread maps and unmaps the files it reads (a capture crashed reading one it had just
      // unmapped, under ThreadSanitizer).
      let images = symbolication.withLock { count in
        count += 1
        return ImageMap.capture()
      }
      guard let stack = try? Backtrace.capture(limit: depth, top: 0, images: images),
        let frames = symbolicated(stack, options: [.useSymbolCache])
      else { return (nil, nil) }
      var keyPath: String?
      for (index, frame) in frames.enumerated() {
        guard let symbol = frame.symbol else { continue }
        if let property = propertyRead(by: symbol.name) {
          if keyPath == nil { keyPath = "\\Dependencies.\(property)" }
          continue
        }
        // The first frame of the user's code that is not a `Dependencies` accessor: the read (a
        // read by key type, `@Dependency(APIClient.self)`, runs no accessor).
        guard !frame.isSystem, !symbol.isSwiftThunk, !isDeclaredInThisPackage(symbol.rawName),
          // A capture of `limit` frames holds `limit - 1` and a marker that the stack goes on.
          let one = try? Backtrace.capture(limit: 2, offset: index, top: 0, images: images),
          // With the calls inlined into it first: the library's inlinable code, inlined into the
          // user's function, has the library's lines; the user's line is the frame's own.
          let calls = symbolicated(
            one, options: [.showInlineFrames, .showSourceLocations, .useSymbolCache])
        else { continue }
        for call in calls {
          if let location = userLocation(of: call) { return (keyPath, location) }
        }
      }
      return (keyPath, nil)
    #else
      return (nil, nil)
    #endif
  }

  #if canImport(Runtime)
    /// Where `frame` is in the user's code, if it is: a source location outside this package's
    /// sources (a macro's expansion counts where the macro was written in the running test).
    private static func userLocation(of frame: SymbolicatedBacktrace.Frame) -> TestFailureLocation?
    {
      guard let source = frame.symbol?.sourceLocation,
        !source.path.hasPrefix(packageSources), source.line > 0
      else { return nil }
      if source.path.contains("@__swiftmacro_") { return macroExpansionSite(source.path) }
      // `Module/File.swift`, taking the file's directory for its module (as SwiftPM lays out).
      let fileID = source.path.split(separator: "/").suffix(2).joined(separator: "/")
      guard fileID.contains("/") else { return nil }
      return TestFailureLocation(
        fileID: fileID, filePath: source.path, line: source.line, column: max(source.column, 1))
    }
  #endif

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
    /// Serializes symbolication and the making of image maps: the `Runtime` module's
    /// symbolication crashed when several threads reported at once (a strict test process reports
    /// from every thread). A leaf lock; neither runs user code or takes a lock of the library.
    ///
    /// `nonisolated(unsafe)`: an immutable reference to a lock, whose state counts its uses (a
    /// `Void` state would share its zero-sized storage's address with the lock word, which
    /// ThreadSanitizer then reports as an access race).
    nonisolated(unsafe) private static let symbolication = LockedValue<Int>.make(0)

    /// How deep the walk goes.
    private static let depth = 64

    private static func symbolicated(
      _ backtrace: Backtrace, options: Backtrace.SymbolicationOptions
    ) -> [SymbolicatedBacktrace.Frame]? {
      symbolication.withLock { count in
        count += 1
        return backtrace.symbolicated(options: options)?.frames
      }
    }

    /// The modules of this package's library, as Swift's mangling spells them at the start of a
    /// symbol (`$s16_EnvironmentCore…`): a function declared in one is not the user's (a user's
    /// method in an extension of a library type is skipped too, and its caller taken instead).
    private static let libraryModulePrefixes = [
      "DependencyValues", "_EnvironmentAtomics", "_EnvironmentCore", "ComposableEnv", "GlobalEnv",
      "ComposableEnvTesting", "GlobalEnvTesting", "_DependencyClocks", "_DependencyTestingSupport",
      "_DependencyTestingLoader",
    ].map { "$s\($0.utf8.count)\($0)" }

    private static func isDeclaredInThisPackage(_ rawName: String) -> Bool {
      // Mach-O symbols carry a leading underscore (`_$s16_EnvironmentCore…`).
      let name = rawName.hasPrefix("_$") ? rawName.dropFirst() : Substring(rawName)
      return libraryModulePrefixes.contains { name.hasPrefix($0) }
    }
  #endif
}
