import DependencyValues
import _EnvironmentCore

extension ComposableEnvironment {
  /// Where the value of a dependency, as this environment sees it, comes from: set here, set on
  /// an ancestor (named, with its path from the root), through an alias, or the default.
  ///
  /// ```swift
  /// print(app.feed.post.provenance(of: \.clock))
  /// // DependencyKeys.Clock = "feed test clock": set on FeedEnvironment (AppEnvironment → FeedEnvironment)
  /// ```
  ///
  /// Nothing is called on the dependency: its value is printed with `String(reflecting:)`.
  public func provenance<Value>(of keyPath: KeyPath<Dependencies, Value>) -> DependencyProvenance {
    node.provenance(of: keyPath, origin: provenanceOrigin)
  }

  /// A provenance's origin in this module's terms: this environment, an ancestor or the default.
  func provenanceOrigin(setter: Node?) -> DependencyProvenance.Origin {
    guard let setter else { return .defaultValue }
    return setter.isIdentical(to: node) ? .thisEnvironment : .ancestor(path: setter.path)
  }

  /// This environment and the children derived from it so far, with the values each sets and the
  /// aliases each declares, as indented text or as a Graphviz DOT graph.
  ///
  /// ```swift
  /// print(app.dependencyTree())
  /// // AppEnvironment
  /// // │  sets DependencyKeys.AppLogger = Logger(com.example.app)
  /// // ├─ feed: FeedEnvironment
  /// // │     aliases DependencyKeys.FeedLogger → DependencyKeys.AppLogger
  /// // └─ settings: SettingsEnvironment
  /// //       sets DependencyKeys.Clock = "frozen at 09:41"
  /// ```
  public func dependencyTree(format: DependencyTreeFormat = .text) -> String {
    dump(title: KeyInfo.displayName(of: type(of: self))).rendered(as: format)
  }

  private func dump(title: String) -> DependencyTreeDump {
    node.dump(
      title: title,
      children: derivedChildrenForDiagnostics().map { child in
        child.environment.dump(
          title: "\(child.label): \(KeyInfo.displayName(of: type(of: child.environment)))")
      })
  }

  /// The children created so far: `@DerivedEnvironment` properties in declaration order
  /// (superclass first), then `derived(_:)` / `derived(_:id:)` children by label.
  private func derivedChildrenForDiagnostics() -> [(
    label: String, environment: ComposableEnvironment
  )] {
    // Reflect outside the lock: a custom mirror is user code, which may read dependencies.
    let mirrors = sequence(first: Mirror(reflecting: self)) { $0.superclassMirror }.reversed()
    let wrappers = mirrors.flatMap(\.children).compactMap {
      child -> (String, AnyDerivedEnvironment)? in
      guard let wrapper = child.value as? AnyDerivedEnvironment else { return nil }
      let name = child.label ?? "?"
      return (name.hasPrefix("_") ? String(name.dropFirst()) : name, wrapper)
    }
    let properties = node.withLock { _ in
      wrappers.compactMap { name, wrapper in wrapper.createdEnvironment.map { (name, $0) } }
    }
    // Labels render ids (user code): after the lock.
    let derived = (node.existingDerivedChildren?.madeChildren() ?? []).map { made in
      (made.slot.label, unsafeDowncast(made.child, to: ComposableEnvironment.self))
    }.sorted { $0.0 < $1.0 }
    return properties + derived
  }
}
