/// A dependency this package declares (`date`, `uuid`, the clocks, …): its key is not the user's
/// to give a test value, so a test that reads it without setting it is told to set it, not to
/// declare `testValue`.
///
/// ```swift
/// private enum DateKey: BuiltInDependencyKey {
///   static var defaultValue: DateGenerator { DateGenerator { Date() } }
/// }
/// ```
package protocol BuiltInDependencyKey: DependencyKey {}
