import DependencyValues

/// The identity of a key type (a `DependencyKey`, or a `TestDependencyKey` whose module declares no
/// live value), with what diagnostics and defaults need to know of it.
///
/// `@unchecked Sendable`: it holds only a metatype, which is immutable.
@usableFromInline
package struct KeyInfo: @unchecked Sendable {
  /// The key type itself.
  @usableFromInline package let type: any TestDependencyKey.Type

  @inlinable
  package init<Key: TestDependencyKey>(_ type: Key.Type) { self.type = type }

  /// The identity of a key type known only as an existential (a `@Dependency(Key.self)`
  /// property's, which is generic over the value only).
  package init(existential type: any TestDependencyKey.Type) { self.type = type }

  /// Identifies the key in dictionaries.
  @inlinable package var id: ObjectIdentifier { ObjectIdentifier(type) }

  /// Identifies the type of the key's value, so that only keys of one value type are aliased.
  var valueTypeID: ObjectIdentifier { ObjectIdentifier(type.valueType) }

  /// The key's name as diagnostics print it, such as `DependencyKeys.MainQueue`.
  package var name: String { Self.displayName(of: type) }

  /// The name of the key's value type, such as `Int`.
  var valueTypeName: String { Self.displayName(of: type.valueType) }

  /// The name of the key's value type as written in code that imports its module, such as
  /// `@Sendable () -> Date`.
  var shortValueTypeName: String { _typeName(type.valueType, qualified: false) }

  /// Computes the key's default value, boxed: the value the context's test trait set, if any;
  /// else in a test context its test value, reporting a key that has none (see `TestContext`);
  /// in a preview context its preview value; in a live one (or none) its default value.
  func makeDefault(in testContext: TestContext?, readAt node: Node) -> AnyObject {
    guard let testContext else { return type.boxedDefault() }
    if let box = testContext.value(of: self) { return box }
    switch testContext.defaults {
    case .liveValues: return type.boxedDefault()
    case .previewValues: return type.boxedPreviewValue()
    case .testValues: break
    }
    let (box, declared) = type.boxedTestValue()
    // A read that is part of setting the key (`$0.client.fetch = …`) is not a use of it.
    if !declared, !ThreadContext.current.isSettingValues {
      testContext.reportMissingTestValue(of: self, readAt: node)
    }
    return box
  }

  /// A boxed value of this key as diagnostics print it: `String(reflecting:)`, at most
  /// `limit` characters.
  package func render(_ box: AnyObject, limit: Int = 80) -> String {
    let text = type.reflecting(box)
    return text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
  }

  /// A type's name as diagnostics print it: qualified by its enclosing types, without the module
  /// and without the compiler's context markers, such as `DependencyKeys.MainQueue`.
  package static func displayName(of type: Any.Type) -> String {
    // What `String(reflecting:)` prints for a type, without its search of the process's
    // conformances (to `CustomDebugStringConvertible` and others) for each type it has not seen:
    // tens of microseconds a type, which a test failure naming a key would pay.
    var name = _typeName(type, qualified: true)
    // `(extension in Module):` and `(unknown context at $…).` mark where a type was declared.
    for marker in ["(extension in ", "(unknown context at "] {
      while let start = name.indices.first(where: { name[$0...].hasPrefix(marker) }),
        let close = name[start...].firstIndex(of: ")")
      {
        let end = name.index(after: close)
        let separator =
          end < name.endIndex && ":.".contains(name[end]) ? name.index(after: end) : end
        name.removeSubrange(start..<separator)
      }
    }
    // The first component is the module, unless the type is a tuple or function type.
    if let dot = name.firstIndex(of: "."),
      name[..<dot].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
    {
      name.removeSubrange(...dot)
    }
    return name
  }
}

extension TestDependencyKey {
  /// The key's value type, reachable from an existential key metatype.
  fileprivate static var valueType: Any.Type { Value.self }

  /// Computes the live value, boxed as the caches store it: `defaultValue` for a `DependencyKey`;
  /// for a key that is only a `TestDependencyKey` (the app did not add the live conformance), its
  /// test value, said once on standard error.
  fileprivate static func boxedDefault() -> AnyObject {
    if let live = liveValueBox() { return live }
    MissingLiveValue.report(KeyInfo(Self.self))
    return Box<Value>(testValue)
  }

  /// Computes the preview value, boxed.
  fileprivate static func boxedPreviewValue() -> AnyObject { Box<Value>(previewValue) }

  /// Computes the test value, boxed, and whether the key declares it.
  fileprivate static func boxedTestValue() -> (AnyObject, declared: Bool) {
    let (value, declared) = TestValueMark.testValue(of: Self.self)
    return (Box<Value>(value), declared)
  }

  /// `String(reflecting:)` of a boxed value of this key.
  fileprivate static func reflecting(_ box: AnyObject) -> String {
    String(reflecting: Box<Value>.unbox(box))
  }
}

/// Says that a key with no live value was read where live values are read (outside a test or a
/// preview, or in a scope that set `context` to `.live`): what to add, and that its test value is
/// used meanwhile. Never stops the program. In a test it fails the test, once per computation of
/// the key's live value (once per context that computes it); elsewhere it says so on standard
/// error, once per key and process.
///
/// A read inside an update (`withDependencies { … }`'s closure, a write through several
/// components) is part of setting values, not a use: as swift-dependencies stays silent there, the
/// report waits for the default's next read outside an update (`Tree.defaultValue`), and is not
/// made if none comes. (swift-dependencies reports every such read; this reports the first.)
enum MissingLiveValue {
  /// The keys already reported on standard error. A leaf lock.
  /// `nonisolated(unsafe)`: immutable reference; the set is only touched under its lock.
  nonisolated(unsafe) private static let reported = LockedValue<Set<ObjectIdentifier>>.make([])

  static func report(_ key: KeyInfo) {
    let context = ThreadContext.current
    if context.isSettingValues {
      context.missingLiveValueDeferred = true
      return
    }
    let message = """
      \(key.name) has no live implementation, but was read in a live context: it conforms to \
      TestDependencyKey only, so its testValue is used. Add the live value where the app is \
      assembled, and link it into the app: `extension \(key.name): DependencyKey { static var \
      liveValue: \(key.shortValueTypeName) { … } }`.
      """
    if TestFailureReporting.reporter != nil {
      TestFailureReporting.record(message, at: ReadTrace.current.site?.location)
      return
    }
    guard reported.withLock({ $0.insert(key.id).inserted }) else { return }
    writeToStandardError("swift-composable-env: \(message)")
  }
}
