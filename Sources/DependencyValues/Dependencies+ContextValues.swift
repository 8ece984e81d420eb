extension Dependencies {
  /// A set of values of its own (``init()``) whose unset keys read their live values:
  /// swift-dependencies' `DependencyValues.live`.
  ///
  /// ```swift
  /// let liveUUID = Dependencies.live.uuid()  // a random UUID, even in a test
  /// ```
  public static var live: Dependencies { Dependencies(context: .live) }

  /// A set of values of its own (``init()``) whose unset keys read their preview values:
  /// swift-dependencies' `DependencyValues.preview`.
  ///
  /// ```swift
  /// let sample = Dependencies.preview.apiClient  // the key's previewValue
  /// ```
  public static var preview: Dependencies { Dependencies(context: .preview) }

  /// A set of values of its own (``init()``) whose unset keys read their test values:
  /// swift-dependencies' `DependencyValues.test`.
  ///
  /// ```swift
  /// let stub = Dependencies.test.apiClient  // the key's testValue
  /// ```
  public static var test: Dependencies { Dependencies(context: .test) }

  /// ``init()`` with `context` set.
  private init(context: DependencyContext) {
    self.init()
    self.context = context
  }
}
