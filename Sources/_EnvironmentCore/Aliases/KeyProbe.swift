import DependencyValues

/// Finds which `DependencyKey` a `Dependencies` key path stands for, by running its accessors
/// against storage that records the keys they touch.
///
/// `aliasing` identifies both key paths by *writing* through them with a sample value that is
/// recorded and dropped (see `AccessorRun` for why the getter that runs first needs no default).
/// The sample is any value of the right type already on the environment's path (set on it or an
/// ancestor, or a default the tree computed). When there is none, the alias stays pending (see
/// `PendingAlias`) until one is, or until the group's default is needed anyway. Key paths
/// identified once are remembered for the process (`KnownKeyPaths`), so they are never probed
/// again.
struct KeyProbe {
  let node: Node

  /// The keys behind the two key paths of `aliasing(dependency, to: reference)`; `nil` when
  /// finding them would compute a default and `allowingDefault` is false.
  func keys<Value>(
    aliasing dependency: WritableKeyPath<Dependencies, Value>,
    to reference: WritableKeyPath<Dependencies, Value>, allowingDefault: Bool
  ) -> (dependency: KeyInfo, reference: KeyInfo)? {
    if let referenceKey = KnownKeyPaths.key(writtenBy: reference),
      let dependencyKey = KnownKeyPaths.key(writtenBy: dependency)
    {
      return (dependencyKey, referenceKey)
    }
    guard
      let sample = node.sample(of: Value.self)
        ?? (allowingDefault ? node.dependencies()[keyPath: reference] : nil)
    else { return nil }
    let referenceKey = key(
      writtenBy: reference, value: sample, purpose: "the reference key path passed to `aliasing`")
    let dependencyKey = key(
      writtenBy: dependency, value: sample,
      purpose: "the dependency key path passed to `aliasing`")
    return (dependencyKey, referenceKey)
  }

  /// The key that `keyPath`'s getter reads, for `provenance(of:)`, which reports a key path that
  /// reads no key or several.
  func key<Value>(readBy keyPath: KeyPath<Dependencies, Value>) -> KeyInfo {
    let run = AccessorRun(node: node, storesWrites: false)
    _ = Dependencies(storage: run)[keyPath: keyPath]
    return run.singleKey(purpose: "the key path passed to `provenance(of:)`", accessor: "reads")
  }

  /// The key that `keyPath`'s setter writes, found by writing `value` (which is dropped).
  private func key<Value>(
    writtenBy keyPath: WritableKeyPath<Dependencies, Value>, value: Value, purpose: String
  ) -> KeyInfo {
    let key = AccessorRun.writing(value, at: node, storesWrites: false) { run in
      var dependencies = Dependencies(storage: run)
      run.assign(value, to: &dependencies[keyPath: keyPath])
      return run.singleKey(purpose: purpose, accessor: "writes")
    }
    KnownKeyPaths.record(keyPath, writes: key)
    return key
  }
}

/// The key each key path was seen to write, for the process: a key path's accessors do not
/// change, so an alias of key paths seen before needs no probe.
///
/// Keyed by the key path object's identity (a literal is one object per process), which is
/// cheap to hash on every write; the entry keeps its key path's identity (`KeptIdentity`: its
/// memory, not the key path or the arguments it captured), so the identity is never reused by
/// another key path. Bounded (`capacity`): key paths made at run time are new objects
/// at each write, and recording every one would grow the process's memory with the number of
/// writes. Past the bound, key paths are not recorded (an alias of them is probed instead).
enum KnownKeyPaths {
  /// The most key paths recorded for the process, and per thread.
  static let capacity = 512

  /// `nonisolated(unsafe)`: immutable reference; the dictionary is only touched under its lock.
  nonisolated(unsafe) private static let written =
    LockedValue<[ObjectIdentifier: (identity: KeptIdentity, key: KeyInfo)]>.make([:])

  static func key(writtenBy keyPath: AnyKeyPath) -> KeyInfo? {
    written.withLock { $0[ObjectIdentifier(keyPath)]?.key }
  }

  static func record(_ keyPath: AnyKeyPath, writes key: KeyInfo) {
    let identity = ObjectIdentifier(keyPath)
    // Remembered per thread once recorded for the process (whose entry keeps the key path's
    // identity: a remembered identity is never another key path's). The thread's last
    // key path is compared first: a loop that writes one key path skips hashing it.
    let isNew = ThreadContext.withCurrent { context in
      if context.lastRecordedKeyPath == identity { return false }
      return !context.recordedKeyPaths.contains(identity)
    }
    guard isNew else { return }
    let isRecorded = written.withLock { written -> Bool in
      if written[identity] != nil { return true }
      guard written.count < capacity else { return false }
      written[identity] = (KeptIdentity(keyPath), key)
      return true
    }
    guard isRecorded else { return }
    ThreadContext.withCurrent { context in
      context.lastRecordedKeyPath = identity
      if context.recordedKeyPaths.count < capacity { context.recordedKeyPaths.insert(identity) }
    }
  }
}

extension Node {
  /// A value of type `Value` that this node can see without computing anything: a value set on
  /// it or an ancestor (for any key), or a default its tree computed.
  func sample<Value>(of _: Value.Type) -> Value? {
    if let found = nearest({ $0.locals.all.first { $0.value is Box<Value> }?.value })?.found {
      return Box<Value>.unbox(found)
    }
    return currentTree().tree.computedDefault(of: Value.self)
  }
}

extension Tree {
  /// A default of type `Value` this tree computed, if any.
  func computedDefault<Value>(of _: Value.Type) -> Value? {
    let found = withLock { state -> AnyObject? in
      for case .done(let box) in state.defaults.values where box is Box<Value> { return box }
      return nil
    }
    return found.map(Box<Value>.unbox)
  }
}
