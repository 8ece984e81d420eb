import DependencyValues
import _EnvironmentCore

/// A type that reads and sets process-wide dependencies: adopt it to get `with`, `aliasing`, the
/// key-path subscript and direct member access (`environment.mainQueue`).
///
/// ```swift
/// struct FeedModel: GlobalDependenciesAccessing {
///   func refresh() {
///     let client = self.apiClient  // the process-wide value
///   }
/// }
/// ```
///
/// Every value is shared by the whole process. Inside ``Dependencies/withValues(_:operation:)``
/// (or a test with the `.dependencies` trait), reads see that scope's overrides first, and
/// `with(_:_:)`, the subscript setter and `aliasing(_:to:)` apply to the innermost scope, so that
/// tests running in parallel stay isolated.
@dynamicMemberLookup
public protocol GlobalDependenciesAccessing {}

// ComposableEnv's `ComposableEnvironment` has the same key-path members, each one call into the
// core as here; there they read and write the environment's node, here the current scope.
extension GlobalDependenciesAccessing {
  /// Reads or sets a dependency.
  ///
  /// ```swift
  /// environment[\.mainQueue] = .immediate
  /// let queue = environment[\.mainQueue]
  /// ```
  ///
  /// `fileID`, `filePath`, `line` and `column` are where a test failure of the read is recorded:
  /// leave them to their defaults, the line of the read.
  public subscript<Value>(
    _ keyPath: WritableKeyPath<Dependencies, Value>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Value {
    @inlinable get {
      GlobalDependencies.read(
        keyPath, from: ReadSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    nonmutating set { GlobalDependencies.writeTarget.write(keyPath, newValue) }
  }

  /// Reads a dependency directly as a member.
  ///
  /// ```swift
  /// let queue = environment.mainQueue
  /// ```
  ///
  /// A member lookup takes no argument but the key path, so it cannot say where it is written: a
  /// test failure of the read is recorded at the read around it, if any (a `@Dependency` whose
  /// default reads it), else at the running test's declaration. The subscript,
  /// `environment[\.mainQueue]`, is recorded at its own line.
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<Dependencies, Value>) -> Value {
    GlobalDependencies.read(keyPath, from: nil)
  }

  /// Sets a dependency for the whole process (or, inside a `withValues` scope, for that scope).
  ///
  /// ```swift
  /// AppEnvironment().with(\.apiClient, .live)
  /// ```
  @discardableResult
  public func with<Value>(_ keyPath: WritableKeyPath<Dependencies, Value>, _ value: Value) -> Self {
    GlobalDependencies.writeTarget.write(keyPath, value)
    return self
  }

  /// Makes two dependencies one, for the whole process (or, inside a `withValues` scope, for that
  /// scope): setting either sets both, a read returns the nearest value set for either, and with
  /// neither set both read `reference`'s default (for a chain, the default of the key at its end).
  ///
  /// ```swift
  /// AppEnvironment().aliasing(\.feedMainQueue, to: \.mainQueue)
  /// ```
  ///
  /// Remove process-wide aliases with ``Dependencies/clearAliases()``. An alias cycle, aliasing a
  /// key to itself or aliasing one key into two groups stops the program with a message naming
  /// the keys.
  @discardableResult
  public func aliasing<Value>(
    _ dependency: WritableKeyPath<Dependencies, Value>,
    to reference: WritableKeyPath<Dependencies, Value>,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Self {
    GlobalDependencies.writeTarget.alias(
      dependency, to: reference, at: AliasSite(fileID: fileID, line: line))
    return self
  }
}
