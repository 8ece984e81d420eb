import DependencyValues

extension NodeState {
  /// The identity of `Dependencies.context`'s key: a value set for it switches the defaults of
  /// the node and its descendants (see `TestContext.switching(_:to:)`).
  static let contextKeyID = ObjectIdentifier(DependencyContextKey.self)

  /// The `context` set on this node, if any: only the key's own value (an alias of it switches
  /// nothing). Copied under the lock: an enum, no user code.
  ///
  /// ```swift
  /// let switched = node.withLock { $0.setContext }  // `.live` after `with(\.context, .live)`
  /// ```
  var setContext: DependencyContext? {
    locals[Self.contextKeyID].map { Box<DependencyContext>.unbox($0.value) }
  }
}

extension Node {
  /// The context whose defaults an unset key reads at this node: its test context, switched by
  /// the nearest `context` set on the way to the root, if any. The resolution walk finds that
  /// setting as it goes (`resolve`); this walk is for a default computed without one
  /// (diagnostics' `origin(of:)`).
  ///
  /// ```swift
  /// let defaults = node.contextForDefaults()  // `nil`: the tree's live defaults
  /// ```
  package func contextForDefaults() -> TestContext? {
    TestContext.switching(testContext, to: nearest { $0.setContext }?.found)
  }
}
