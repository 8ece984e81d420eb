import DependencyValues
import TestSupport

// Keys and `Dependencies` properties whose accessors do what plain Swift lets them do: key paths
// into optionals and existentials, a non-optional view of an optional, setters that read what
// they replace. The write-semantics tests check that a write through an environment does what
// the same write does on a plain `Dependencies()` value.

/// A value with a field of its own and a nested one.
struct WrittenClient: Sendable, Equatable {
  struct Inner: Sendable, Equatable { var x = 10 }
  var a = 1
  var inner = Inner()
}

enum WriteKeys {
  struct OptionalClient: LiveInTests { static var defaultValue: WrittenClient? { nil } }
  struct AnyClient: LiveInTests { static var defaultValue: any Sendable { WrittenClient() } }
  struct Primary: LiveInTests { static var defaultValue: String { "primary-default" } }
  struct Backup: LiveInTests { static var defaultValue: String { "backup-default" } }
  struct Level: LiveInTests { static var defaultValue: Int { 0 } }
  struct Changes: LiveInTests { static var defaultValue: Int { 0 } }
  struct Total: LiveInTests { static var defaultValue: Int { 100 } }
}

extension Dependencies {
  var optionalClient: WrittenClient? {
    get { self[WriteKeys.OptionalClient.self] }
    set { self[WriteKeys.OptionalClient.self] = newValue }
  }
  var anyClient: any Sendable {
    get { self[WriteKeys.AnyClient.self] }
    set { self[WriteKeys.AnyClient.self] = newValue }
  }
  /// The optional client, seen as a value that is always there.
  var clientView: WrittenClient {
    get { optionalClient ?? WrittenClient() }
    set { optionalClient = newValue }
  }
  /// The existential client, seen as the concrete type.
  var concreteClient: WrittenClient {
    get { anyClient as? WrittenClient ?? WrittenClient() }
    set { anyClient = newValue }
  }
  var primary: String {
    get { self[WriteKeys.Primary.self] }
    set { self[WriteKeys.Primary.self] = newValue }
  }
  var backup: String {
    get { self[WriteKeys.Backup.self] }
    set { self[WriteKeys.Backup.self] = newValue }
  }
  /// Writes `primary`, keeping the value it replaces in `backup`.
  var primaryKeepingBackup: String {
    get { self[WriteKeys.Primary.self] }
    set {
      backup = primary
      primary = newValue
    }
  }
  var changes: Int {
    get { self[WriteKeys.Changes.self] }
    set { self[WriteKeys.Changes.self] = newValue }
  }
  /// Writes `level` only when it changes, counting the changes.
  var levelCountingChanges: Int {
    get { self[WriteKeys.Level.self] }
    set {
      if self[WriteKeys.Level.self] != newValue {
        self[WriteKeys.Level.self] = newValue
        changes += 1
      }
    }
  }
  var level: Int {
    get { self[WriteKeys.Level.self] }
    set { self[WriteKeys.Level.self] = newValue }
  }
  var total: Int {
    get { self[WriteKeys.Total.self] }
    set { self[WriteKeys.Total.self] = newValue }
  }
  /// Adds what is written to `total`; reads as 0 (its getter reads no key).
  var addedToTotal: Int {
    get { 0 }
    set { total += newValue }
  }
}

/// The client set before each write below: every field differs from a fresh value's.
let setClient = WrittenClient(a: 5, inner: .init(x: 50))

/// What a write does on a plain `Dependencies()` value that holds `before`: what an
/// environment's write must match.
func plainWrite(
  _ before: (inout Dependencies) -> Void, _ write: (inout Dependencies) -> Void
) -> Dependencies {
  var values = Dependencies()
  before(&values)
  write(&values)
  return values
}
