/// Where the value of a dependency, as one environment sees it, comes from: the answer to
/// "which value does this feature see, and who set it?"
///
/// ```swift
/// let provenance = app.feed.post.provenance(of: \.clock)
/// print(provenance)
/// // DependencyKeys.Clock = "feed test clock": set on FeedEnvironment (AppEnvironment → FeedEnvironment)
/// ```
public struct DependencyProvenance: Sendable, Equatable, CustomStringConvertible {
  /// Who provided the value.
  ///
  /// ```swift
  /// if case .defaultValue = feed.provenance(of: \.apiClient).origin { print("not configured") }
  /// ```
  public enum Origin: Sendable, Equatable {
    /// Set on the environment that was asked.
    ///
    /// ```swift
    /// app.with(\.clock, .frozen).provenance(of: \.clock).origin  // .thisEnvironment
    /// ```
    case thisEnvironment
    /// Set on an ancestor; `path` names the environments from the root down to that ancestor.
    ///
    /// ```swift
    /// app.feed.post.provenance(of: \.logger).origin  // .ancestor(path: ["AppEnvironment"])
    /// ```
    case ancestor(path: [String])
    /// Set process-wide (`GlobalEnv`).
    ///
    /// ```swift
    /// AppEnvironment().with(\.clock, .live).provenance(of: \.clock).origin  // .processWide
    /// ```
    case processWide
    /// Set by a `withValues` scope of the current task (`GlobalEnv`); `level` 1 is the outermost.
    ///
    /// ```swift
    /// Dependencies.withValues { $0.clock = .frozen } operation: {
    ///   AppEnvironment().provenance(of: \.clock).origin  // .scope(level: 1)
    /// }
    /// ```
    case scope(level: Int)
    /// Nobody set it: the key's default value.
    ///
    /// ```swift
    /// AppEnvironment().provenance(of: \.clock).origin  // .defaultValue
    /// ```
    case defaultValue
  }

  /// The key that was read.
  ///
  /// ```swift
  /// app.feed.provenance(of: \.feedQueue).key  // "DependencyKeys.FeedQueue"
  /// ```
  public let key: String
  /// The key whose value (or default) it is: `key`, or another key of its alias group.
  ///
  /// ```swift
  /// app.feed.provenance(of: \.feedQueue).valueKey  // "DependencyKeys.MainQueue", through an alias
  /// ```
  public let valueKey: String
  /// The value, as `String(reflecting:)` prints it, truncated to 80 characters.
  ///
  /// ```swift
  /// app.with(\.name, "shop").provenance(of: \.name).value  // "\"shop\""
  /// ```
  public let value: String
  /// Who provided it.
  ///
  /// ```swift
  /// app.provenance(of: \.clock).origin  // .defaultValue
  /// ```
  public let origin: Origin

  /// Describes a value's origin. Environment modules create these; see `provenance(of:)`.
  package init(key: String, valueKey: String, value: String, origin: Origin) {
    self.key = key
    self.valueKey = valueKey
    self.value = value
    self.origin = origin
  }

  /// One line: the key, the value and where it comes from.
  ///
  /// ```swift
  /// "\(environment.provenance(of: \.clock))"
  /// // DependencyKeys.Clock = "system": default value
  /// ```
  public var description: String {
    let alias = valueKey == key ? "" : " (as \(valueKey), through an alias)"
    let source =
      switch origin {
      case .thisEnvironment: "set on this environment"
      case .ancestor(let path) where path.count > 1:
        "set on \(path[path.count - 1]) (\(path.joined(separator: " → ")))"
      case .ancestor(let path): "set on \(path.last ?? "an ancestor")"
      case .processWide: "set process-wide"
      case .scope(let level): "set by withValues scope \(level) of this task"
      case .defaultValue: "default value"
      }
    return "\(key) = \(value): \(source)\(alias)"
  }
}
