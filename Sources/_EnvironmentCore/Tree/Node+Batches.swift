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
    let (tree, retired, hasChildren) = storage.withLock { state, words in
      state.writeCount += 1
      let order = state.writeCount
      state.locals.append(
        contentsOf: values.map { LocalValue(key: $0.key, value: $0.box, order: order) })
      return (words.treeReference, words.replaceTable(with: .empty), words.hasChildren)
    }
    // As in `setLocal`: after the values are in place, invalidate what descendants cached.
    if hasChildren { tree.with { $0.current.invalidateValues() } }
    if let retired { Reclamation.retire(retired) }
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
    let (removed, tree, retired, hasChildren) = storage.withLock { state, words in
      state.writeCount += 1  // an uncached read in flight must not cache what was removed
      return (
        state.locals.remove(ids), words.treeReference, words.replaceTable(with: .empty),
        words.hasChildren
      )
    }
    if hasChildren { tree.with { $0.current.invalidateValues() } }
    if let retired { Reclamation.retire(retired) }
    withExtendedLifetime(removed) {}
  }
}
