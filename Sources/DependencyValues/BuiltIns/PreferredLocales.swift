#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The key of `Dependencies.preferredLocales`: the locales of the user's preferred languages.
private enum PreferredLocalesKey: BuiltInDependencyKey {
  static var defaultValue: [Locale] { Locale.preferredLanguages.map { Locale(identifier: $0) } }
}

extension Dependencies {
  /// The locales of the user's preferred languages, most preferred first
  /// (`Locale.preferredLanguages`), unless a test or an environment sets a list. A test that reads
  /// it without setting it fails, naming it.
  ///
  /// ```swift
  /// @Dependency(\.preferredLocales) var preferredLocales
  /// let language = preferredLocales.first?.language
  /// // In a test: withValues { $0.preferredLocales = [Locale(identifier: "fr_FR")] } …
  /// ```
  ///
  /// As any default, the list is read when a tree of environments first needs it (swift-dependencies
  /// reads the system's list at each use). Disfavored, so that a `preferredLocales` you declare on
  /// `Dependencies` yourself is the one your code reads, in any module.
  @_disfavoredOverload
  public var preferredLocales: [Locale] {
    get { self[PreferredLocalesKey.self] }
    set { self[PreferredLocalesKey.self] = newValue }
  }
}
