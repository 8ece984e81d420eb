extension ThreadContext {
  /// Whether the caller runs as part of setting values (see `settingValues`), for the modules
  /// that answer swift-dependencies' `shouldReportUnimplemented`.
  ///
  /// ```swift
  /// if ThreadContext.isSettingValuesNow { return false }  // a read to change part of a value
  /// ```
  package static var isSettingValuesNow: Bool { current.isSettingValues }
}
