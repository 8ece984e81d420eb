import DependencyValues

/// Finds which `DependencyKey` a `Dependencies` key path stands for, by running its accessors
/// against storage that records the keys they touch.
///
/// The reference key path is read (at the node, so the value is one the node would see anyway and
/// no unrelated default is computed); the dependency key path is then written with that value,
/// which only records the key and stores nothing.
struct KeyProbe {
  let node: Node

  /// The key that `keyPath`'s getter reads, and the value it read. `purpose` names the API and
  /// argument in the message for a key path that reads no key or several.
  func key<Value>(
    readBy keyPath: KeyPath<Dependencies, Value>,
    purpose: String = "the reference key path passed to `aliasing`"
  ) -> (KeyInfo, Value) {
    let recorder = Recorder(access: NodeAccess(node: node, snapshot: nil))
    let value = Dependencies(storage: recorder)[keyPath: keyPath]
    return (recorder.singleKey(purpose: purpose, accessor: "reads"), value)
  }

  /// The key that `keyPath`'s setter writes.
  func key<Value>(writtenBy keyPath: WritableKeyPath<Dependencies, Value>, value: Value) -> KeyInfo
  {
    let recorder = Recorder(access: NodeAccess(node: node, snapshot: nil))
    var dependencies = Dependencies(storage: recorder)
    dependencies[keyPath: keyPath] = value
    return recorder.singleKey(
      purpose: "the dependency key path passed to `aliasing`", accessor: "writes")
  }
}

/// Storage that records the keys read and written through it. Reads resolve at the node; writes
/// are recorded and dropped.
private final class Recorder: DependencyStorage, @unchecked Sendable {
  // Used by one thread, for the duration of one probe.
  private let access: NodeAccess
  private var touched: [KeyInfo] = []

  init(access: NodeAccess) {
    self.access = access
  }

  func value<Key: DependencyKey>(for key: Key.Type) -> Key.Value {
    record(KeyInfo(key))
    return access.value(for: key)
  }

  func setValue<Key: DependencyKey>(_ value: Key.Value, for key: Key.Type) {
    record(KeyInfo(key))
  }

  private func record(_ key: KeyInfo) {
    if !touched.contains(where: { $0.id == key.id }) { touched.append(key) }
  }

  func singleKey(purpose: String, accessor: String) -> KeyInfo {
    guard touched.count == 1 else {
      let keys = touched.isEmpty ? "none" : touched.map(\.name).joined(separator: ", ")
      reportMisuse(
        """
        \(purpose) \(accessor) \(touched.count) dependency keys (\(keys)); it needs a \
        `Dependencies` property that \(accessor) exactly one `DependencyKey` through \
        `self[Key.self]`.
        """
      )
    }
    return touched[0]
  }
}
