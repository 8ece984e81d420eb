import DependencyValues

/// Values set and removed in one step: what an environment's services do when they start
/// (every started value appears at once) and when they stop.
extension Node {
  /// Sets `values`, none of whose keys is set on this node yet, in one write.
  ///
  /// ```swift
  /// node.setValues([(KeyInfo(Database.self), Box(database))])
  /// ```
  package func setValues(_ values: [(key: KeyInfo, box: AnyObject)]) {
    guard !values.isEmpty else { return }
    writeLocals { locals, order in
      locals.append(
        contentsOf: values.map { LocalValue(key: $0.key, value: $0.box, order: order) })
    }
  }

  /// Removes the values of `keys` from this node in one write; they are released after the
  /// lock.
  ///
  /// ```swift
  /// node.removeValues(of: [KeyInfo(Database.self)])
  /// ```
  package func removeValues(of keys: [KeyInfo]) {
    guard !keys.isEmpty else { return }
    let ids = Set(keys.map(\.id))
    writeLocals { locals, _ in locals.remove(ids) }
  }
}
