#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The value of `Dependencies.preferredLocales`: the user's preferred languages, read anew each
/// time unless set to a constant list.
private struct PreferredLocales: Sendable {
  /// The list a test or an environment set, or `nil` for the user's.
  var constant: [Locale]?

  var locales: [Locale] {
    constant ?? Locale.preferredLanguages.map { Locale(identifier: $0) }
  }
}

/// The key of `Dependencies.preferredLocales`: the user's preferred languages, kept up to date.
private enum PreferredLocalesKey: BuiltInDependencyKey {
  static var defaultValue: PreferredLocales { PreferredLocales() }
}

extension Dependencies {
  /// The locales of the user's preferred languages, most preferred first
  /// (`Locale.preferredLanguages`, read at each use), unless a test or an environment sets a list.
  /// A test that reads it without setting it fails, naming it.
  ///
  /// ```swift
  /// @Dependency(\.preferredLocales) var preferredLocales
  /// let language = preferredLocales.first?.language
  /// // In a test: withValues { $0.preferredLocales = [Locale(identifier: "fr_FR")] } …
  /// ```
  ///
  /// Disfavored, so that a `preferredLocales` you declare on `Dependencies` yourself is the one
  /// your code reads, in any module.
  @_disfavoredOverload
  public var preferredLocales: [Locale] {
    get { self[PreferredLocalesKey.self].locales }
    set { self[PreferredLocalesKey.self] = PreferredLocales(constant: newValue) }
  }
}
