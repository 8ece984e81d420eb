import DependencyValues

/// The storage for one run of a key path's accessors that must not compute a default it does not
/// need: a write through a key path (`with(\.apiClient, stub)`), or a probe that finds which key
/// a key path stands for (`aliasing`, `provenance(of:)`).
///
/// Writing through a single-component `WritableKeyPath` of a computed property runs its getter
/// first, then its setter with the new value; the getter's result is discarded. So for such a
/// write (only: see `Node.write`), the storage hands the *getter* the sample (the value being
/// written) when the types match (the usual `get { self[Key.self] }` shape), instead of resolving
/// the key, which could compute its live default. The getter's part ends where the write hands
/// the new value over (`assign(_:to:)`): from there on, the setter reads what the node holds, as
/// it would on a plain `Dependencies` value (`set { backup = primary; primary = newValue }`
/// backs up the value it replaces). For a getter that reads a key of another type, or with no
/// sample (a write through several components, a probe of a getter), the key is resolved at the
/// node.
///
/// Not generic: the value being written is reached through its address (see `AccessorSample`), so
/// that a run needs no type metadata at run time.
///
/// `@unchecked Sendable`: used by one thread, for the duration of one run.
final class AccessorRun: DependencyStorage, @unchecked Sendable {
  private let node: Node
  /// The value being written, while the getter runs; `nil` for a probe of a getter, once the
  /// setter runs (`assign(_:to:)`), and once the run is over, so that a `Dependencies` value that
  /// an accessor kept can never reach a value that is gone.
  private var sample: AccessorSample?
  /// Whether the setter's values are set on the node (a write) or dropped (a probe).
  private let storesWrites: Bool
  /// The first key read or written; the usual run touches only this one.
  private var first: KeyInfo?
  /// The other keys read or written, each once, in the order first touched.
  private var others: [KeyInfo] = []

  /// The key, when the run touched exactly one.
  var onlyKey: KeyInfo? { others.isEmpty ? first : nil }

  /// A run whose getter gets `sample` (see `writing`); with none, a probe of what a getter reads.
  init(node: Node, sample: AccessorSample? = nil, storesWrites: Bool) {
    self.node = node
    self.sample = sample
    self.storesWrites = storesWrites
  }

  /// Runs `body` with a run whose sample is `value`, valid until `body` returns.
  static func writing<Value, Result>(
    _ value: Value, at node: Node, storesWrites: Bool, _ body: (AccessorRun) -> Result
  ) -> Result {
    withUnsafePointer(to: value) { address in
      let run = AccessorRun(
        node: node, sample: AccessorSample(address: UnsafeRawPointer(address), type: Value.self),
        storesWrites: storesWrites)
      defer { run.sample = nil }
      return body(run)
    }
  }

  /// Ends the getter's part of a write and writes `value` into what the key path addressed; the
  /// setter runs when the caller's access ends. Call it with the key path's inout access, which
  /// runs the getter before this call and the setter after it:
  ///
  /// ```swift
  /// run.assign(value, to: &dependencies[keyPath: keyPath])
  /// ```
  func assign<Value>(_ value: Value, to addressed: inout Value) {
    sample = nil
    addressed = value
  }

  func value<Key: TestDependencyKey>(for key: Key.Type) -> Key.Value {
    record(KeyInfo(key))
    // The usual shape: the getter reads a key of the written value's type (no dynamic cast).
    if let sample, sample.type == Key.Value.self {
      return sample.address.assumingMemoryBound(to: Key.Value.self).pointee
    }
    return otherTypeValue(for: key)
  }

  /// `value(for:)` for a getter that reads a key of another type than the written value's, or
  /// with no sample: the sample if it casts, otherwise the key resolved at the node. A function
  /// of its own, so that the usual shape does not look up the metadata of `Key.Value?` that the
  /// cast needs.
  ///
  /// Hazard: the sample is unwrapped before the cast. Cast as an `Any?`, a missing sample would
  /// cast to an Optional (or `any Sendable`) `Key.Value` as `nil`, and a write through
  /// `\.client!.field` would read the client as `nil`.
  @inline(never)
  private func otherTypeValue<Key: TestDependencyKey>(for key: Key.Type) -> Key.Value {
    if let sample, let value = sample.load() as? Key.Value { return value }
    return NodeAccess(node: node).value(for: key)
  }

  func setValue<Key: TestDependencyKey>(_ box: Box<Key.Value>, for key: Key.Type) {
    record(KeyInfo(key))
    if storesWrites { node.setLocal(box, for: key) }
  }

  private func record(_ key: KeyInfo) {
    guard let first else {
      first = key
      return
    }
    if first.id != key.id, !others.contains(where: { $0.id == key.id }) { others.append(key) }
  }

  /// The one key the run touched. `purpose` names the API and argument, `accessor` what the key
  /// path did ("reads", "writes"), in the message for a key path that touched none or several.
  func singleKey(purpose: String, accessor: String) -> KeyInfo {
    guard let key = onlyKey else {
      // The keys read or written, each once, in the order first touched.
      let touched = (first.map { [$0] } ?? []) + others
      let keys = touched.isEmpty ? "none" : touched.map(\.name).joined(separator: ", ")
      reportMisuse(
        """
        \(purpose) \(accessor) \(touched.count) dependency keys (\(keys)); it needs a \
        `Dependencies` property that \(accessor) exactly one `DependencyKey` through \
        `self[Key.self]`.
        """)
    }
    return key
  }
}

/// The value a write is storing, by address and type, for as long as the write runs.
struct AccessorSample {
  /// Where the value is: memory bound to `type`.
  let address: UnsafeRawPointer
  let type: Any.Type

  /// The value as `Any`, for a getter that reads a key of another type that the value may cast to.
  func load() -> Any {
    let address = self.address
    func load<Value>(_: Value.Type) -> Any { address.assumingMemoryBound(to: Value.self).pointee }
    return _openExistential(type, do: load)
  }
}
