/// A tree's defaults: the once-state of each key's default, by key and test context.
///
/// Nodes of one tree may belong to different test contexts (GlobalEnv's test scopes are children
/// of the process-wide root), or read another context's defaults under a `context` switch (see
/// `TestContext.switching(_:to:)`), and each context has defaults of its own: live defaults for
/// no context, test values in a test context. An entry holds its context, so that the context's
/// identity is not reused while the entry exists.
///
/// Searched linearly while there are few, through an index beyond (see `IndexedEntries`): most
/// trees have a few dozen keys, but apps generated from schemas and plugin hosts have thousands,
/// and every re-resolve of a default after a write looks its state up again (two lookups per
/// default computed). Room for eight keys is made at the first one, so that a tree's first
/// defaults cost one allocation.
struct Defaults {
  private var entries = IndexedEntries<Entry>()

  /// One key's default in one context. A struct rather than a tuple: the runtime destroys an
  /// array of tuples through its generic tuple witness, which is slower.
  private struct Entry: Identifiable {
    let key: ObjectIdentifier
    let context: TestContext?
    var state: OnceState
    /// Whether the default's missing live value is reported at its next read outside an update
    /// (see `MissingLiveValue`).
    var reportsAtNextRead = false

    var id: ID { ID(key: key, context: context.map(ObjectIdentifier.init)) }

    /// A key in a context: unique while the entry, which holds the context, exists.
    struct ID: Hashable {
      let key: ObjectIdentifier
      let context: ObjectIdentifier?
    }
  }

  /// Runs `body` on the state of `key`'s default in `context` (`.idle` until first touched),
  /// found once.
  mutating func withState<Result>(
    of key: ObjectIdentifier, in context: TestContext?, _ body: (inout OnceState) -> Result
  ) -> Result {
    let id = Entry.ID(key: key, context: context.map(ObjectIdentifier.init))
    if let position = entries.position(of: id) {
      return entries.modify(at: position) { body(&$0.state) }
    }
    if entries.isEmpty { entries.reserveCapacity(8) }
    var state = OnceState.idle
    let result = body(&state)
    if case .idle = state { return result }
    entries.append(Entry(key: key, context: context, state: state))
    return result
  }

  /// Removes the defaults of `contexts` (a context and those switched to from it), returning them
  /// for the caller to release after the lock.
  mutating func removeAll(of contexts: [TestContext]) -> [OnceState] {
    // The removed entries are released here, under the lock, but not last: `contexts` are the
    // caller's, and the states are returned.
    entries.removeAll { entry in contexts.contains { $0 === entry.context } }.map(\.state)
  }

  /// Sets whether `key`'s default in `context`, computed by a read inside an update, is one whose
  /// missing live value is reported at its next read outside an update; returns whether it was.
  mutating func exchangeReportAtNextRead(
    of key: ObjectIdentifier, in context: TestContext?, with marked: Bool
  ) -> Bool {
    let id = Entry.ID(key: key, context: context.map(ObjectIdentifier.init))
    guard let position = entries.position(of: id) else { return false }
    return entries.modify(at: position) { entry in
      defer { entry.reportsAtNextRead = marked }
      return entry.reportsAtNextRead
    }
  }

  /// The state of `key`'s default in `context` (`.idle` until first touched).
  func state(of key: ObjectIdentifier, in context: TestContext?) -> OnceState {
    entries[Entry.ID(key: key, context: context.map(ObjectIdentifier.init))]?.state ?? .idle
  }

  /// Every state, computed or not.
  var values: [OnceState] { entries.all.map(\.state) }
}
