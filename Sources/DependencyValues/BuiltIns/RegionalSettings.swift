#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The key of `Dependencies.calendar`: the user's current calendar, kept up to date.
private enum CalendarKey: BuiltInDependencyKey {
  static var defaultValue: Calendar { .autoupdatingCurrent }
}

/// The key of `Dependencies.locale`: the user's current locale, kept up to date.
private enum LocaleKey: BuiltInDependencyKey {
  static var defaultValue: Locale { .autoupdatingCurrent }
}

/// The key of `Dependencies.timeZone`: the system's current time zone, kept up to date.
private enum TimeZoneKey: BuiltInDependencyKey {
  static var defaultValue: TimeZone { .autoupdatingCurrent }
}

/// The key of `Dependencies.preferredLocales`: the locales of the user's preferred languages.
private enum PreferredLocalesKey: BuiltInDependencyKey {
  static var defaultValue: [Locale] { Locale.preferredLanguages.map { Locale(identifier: $0) } }
}

extension Dependencies {
  /// The calendar to compute dates with: the user's (`Calendar.autoupdatingCurrent`) unless a test
  /// or an environment sets it. A test that reads it without setting it fails, naming it.
  ///
  /// ```swift
  /// @Dependency(\.calendar) var calendar
  /// let startOfDay = calendar.startOfDay(for: now)
  /// ```
  ///
  /// Disfavored, so that a `calendar` you declare on `Dependencies` yourself is the one your code
  /// reads, in any module.
  @_disfavoredOverload
  public var calendar: Calendar {
    get { self[CalendarKey.self] }
    set { self[CalendarKey.self] = newValue }
  }

  /// The locale to format with: the user's (`Locale.autoupdatingCurrent`) unless a test or an
  /// environment sets it. A test that reads it without setting it fails, naming it.
  ///
  /// ```swift
  /// @Dependency(\.locale) var locale
  /// let language = locale.language
  /// ```
  ///
  /// Disfavored, so that a `locale` you declare on `Dependencies` yourself is the one your code
  /// reads, in any module.
  @_disfavoredOverload
  public var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }

  /// The time zone to show times in: the system's (`TimeZone.autoupdatingCurrent`) unless a test
  /// or an environment sets it. A test that reads it without setting it fails, naming it.
  ///
  /// ```swift
  /// @Dependency(\.timeZone) var timeZone
  /// let offset = timeZone.secondsFromGMT()
  /// ```
  ///
  /// Disfavored, so that a `timeZone` you declare on `Dependencies` yourself is the one your code
  /// reads, in any module.
  @_disfavoredOverload
  public var timeZone: TimeZone {
    get { self[TimeZoneKey.self] }
    set { self[TimeZoneKey.self] = newValue }
  }

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
