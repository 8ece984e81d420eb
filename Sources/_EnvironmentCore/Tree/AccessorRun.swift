import DependencyValues

/// The storage for one run of a key path's accessors that must not compute a default it does not
/// need: a write through a key path (`with(\.apiClient, stub)`), or a probe that finds which key
/// a key path stands for (`aliasing`, `provenance(of:)`).
///
/// Writing through a `WritableKeyPath` of a computed property runs its getter first, then its
/// setter with the new value (a read-modify-write). The getter's result is discarded, so the
/// storage hands it the sample (the value being written) when the types match (the usual
/// `get { self[Key.self] }` shape), instead of resolving the key, which could compute its live
/// default. For a getter that reads a key of another type, or with no sample, the key is
/// resolved at the node.
///
/// `@unchecked Sendable`: used by one thread, for the duration of one run.
final class AccessorRun<Sample>: DependencyStorage, @unchecked Sendable {
  private let node: Node
  private let sample: Sample?
  /// Whether the setter's values are set on the node (a write) or dropped (a probe).
  private let storesWrites: Bool
  /// The first key read or written; the usual run touches only this one.
  private var first: KeyInfo?
  /// The other keys read or written, each once, in the order first touched.
  private var others: [KeyInfo] = []

  /// The keys read or written, each once, in the order first touched.
  var touched: [KeyInfo] { (first.map { [$0] } ?? []) + others }

  /// The key, when the run touched exactly one.
  var onlyKey: KeyInfo? { others.isEmpty ? first : nil }

  init(node: Node, sample: Sample?, storesWrites: Bool) {
    self.node = node
    self.sample = sample
    self.storesWrites = storesWrites
  }

  func value<Key: DependencyKey>(for key: Key.Type) -> Key.Value {
    record(KeyInfo(key))
    if let sample {
      // The usual shape: the getter reads a key of the written value's type (no dynamic cast).
      if Sample.self == Key.Value.self { return unsafeBitCast(sample, to: Key.Value.self) }
      if let value = sample as? Key.Value { return value }
    }
    return NodeAccess(node: node, snapshot: nil).value(for: key)
  }

  func setValue<Key: DependencyKey>(_ value: Key.Value, for key: Key.Type) {
    record(KeyInfo(key))
    if storesWrites { node.setLocal(value, for: key) }
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
      let touched = self.touched
      let keys = touched.isEmpty ? "none" : touched.map(\.name).joined(separator: ", ")
      reportMisuse(
        """
        \(purpose) \(accessor) \(touched.count) dependency keys (\(keys)); it needs a \
        `Dependencies` property that \(accessor) exactly one `DependencyKey` through \
        `self[Key.self]`.
        """
      )
    }
    return key
  }
}
