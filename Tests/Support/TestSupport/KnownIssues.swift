import Testing

/// The messages of the issues that `body` records, which are expected (each is a known issue).
///
/// ```swift
/// let messages = recordedIssues { _ = environment.unsetDependency }
/// #expect(messages.first?.contains("\\Dependencies.unsetDependency") == true)
/// ```
///
/// With `orNone`, `body` may record none (a race that an issue is one outcome of).
public func recordedIssues(orNone: Bool = false, _ body: () -> Void) -> [String] {
  let messages = Shared<[String]>([])
  withKnownIssue(isIntermittent: orNone) {
    body()
  } matching: { issue in
    messages.update { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
    return true
  }
  return messages.value
}

/// The messages of the issues that the asynchronous `body` records, which are expected.
///
/// ```swift
/// let messages = await recordedIssuesAsync { await ping() }
/// ```
public func recordedIssuesAsync(orNone: Bool = false, _ body: () async -> Void) async -> [String] {
  let messages = Shared<[String]>([])
  await withKnownIssue(isIntermittent: orNone) {
    await body()
  } matching: { issue in
    messages.update { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
    return true
  }
  return messages.value
}

/// Where the issues that `body` records are reported (each is a known issue).
///
/// ```swift
/// let locations = recordedIssueLocations { _ = environment.unsetDependency }
/// #expect(locations.first??.fileName == "TestContextTests.swift")
/// ```
public func recordedIssueLocations(_ body: () -> Void) -> [SourceLocation?] {
  let locations = Shared<[SourceLocation?]>([])
  withKnownIssue {
    body()
  } matching: { issue in
    locations.update { $0.append(issue.sourceLocation) }
    return true
  }
  return locations.value
}
