/// Where the user's code reads a dependency: the line of a `@Dependency` declaration (its
/// initializer's defaulted `#fileID`, `#filePath`, `#line` and `#column`, as swift-dependencies
/// takes them), or of a subscript read. A test failure that the read raises is recorded there.
///
/// ```swift
/// @Dependency(\.apiClient) var apiClient  // a failure of its reads is recorded at this line
/// let site = ReadSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
/// ```
///
/// Three words, so that a `@Dependency` property holds it inline at little cost: the two file
/// names are kept as the addresses of their static string literals, which are null-terminated
/// (the contract of `StaticString.utf8Start`); nothing is copied until a failure is reported.
///
/// `@unchecked Sendable`: the addresses are of immutable static literals.
@usableFromInline
package struct ReadSite: @unchecked Sendable {
  @usableFromInline let fileID: UnsafePointer<UInt8>
  @usableFromInline let filePath: UnsafePointer<UInt8>
  @usableFromInline let line: UInt32
  @usableFromInline let column: UInt32

  /// The site of a read written at `fileID`, `filePath`, `line` and `column` (a larger line or
  /// column than 32 bits hold is clamped).
  @inlinable
  package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = Self.address(of: fileID)
    self.filePath = Self.address(of: filePath)
    self.line = UInt32(clamping: line)
    self.column = UInt32(clamping: column)
  }

  /// The address of `string`'s null-terminated UTF-8 code units. A literal of one Unicode scalar
  /// (`"a"`, only if passed by hand) has none: it reads as unknown.
  @inlinable
  static func address(of string: StaticString) -> UnsafePointer<UInt8> {
    string.hasPointerRepresentation ? string.utf8Start : ("<unknown>" as StaticString).utf8Start
  }

  /// The site as a test failure's location.
  package var location: TestFailureLocation {
    TestFailureLocation(
      fileID: String(cString: fileID), filePath: String(cString: filePath), line: Int(line),
      column: Int(column))
  }
}
