/// Stops the program with a message that says what was misused and how to fix it.
///
/// Used for run-time misuse that has no sensible value to return, such as an alias cycle: going on
/// would mean returning a value the user did not ask for.
package func reportMisuse(
  _ message: String, file: StaticString = #fileID, line: UInt = #line
) -> Never {
  fatalError("swift-composable-env: \(message)", file: file, line: line)
}
