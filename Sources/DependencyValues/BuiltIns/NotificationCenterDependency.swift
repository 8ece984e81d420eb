// NotificationCenter is in Foundation, not FoundationEssentials, which is all the rest of the
// module imports on Linux: this file imports Foundation, and only with the package's
// `NotificationCenter` trait (on by default; `traits: []` leaves the built-in out).
#if NotificationCenter && canImport(Foundation) && !os(WASI)
  import Foundation

  /// The key of `Dependencies.notificationCenter`: the process's default center; in a test
  /// context, a center of the test's own, as in swift-dependencies.
  private enum NotificationCenterKey: BuiltInDependencyKey {
    static var defaultValue: NotificationCenter { .default }

    /// A new, empty center: computed once per test (or test context), as other test values are,
    /// so a test's notifications reach only the observers that test adds.
    static var testValue: NotificationCenter { NotificationCenter() }
  }

  extension Dependencies {
    /// The notification center to post and observe notifications with:
    /// `NotificationCenter.default` unless a test or an environment sets it. In a test context it
    /// is a center of the test's own, not the default one, as in swift-dependencies: a test's
    /// notifications reach no other test, and reading it is not a failure.
    ///
    /// ```swift
    /// @Dependency(\.notificationCenter) var notificationCenter
    /// notificationCenter.post(name: .userDidLogOut, object: nil)
    /// ```
    ///
    /// Disfavored, so that a `notificationCenter` you declare on `Dependencies` yourself is the
    /// one your code reads, in any module. It comes with the package's `NotificationCenter`
    /// trait, on by default.
    @_disfavoredOverload
    public var notificationCenter: NotificationCenter {
      get { self[NotificationCenterKey.self] }
      set { self[NotificationCenterKey.self] = newValue }
    }
  }
#endif
