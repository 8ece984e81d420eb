import DependencyValues

/// Which defaults a node reads where `Dependencies.context` is set on its path.
///
/// Setting `context` on a node switches what unset keys read at that node and below it: the
/// nearest value set on the path names the defaults (live, preview or test values). A node keeps
/// the test context it was created in; the defaults it reads under a switch are those of the
/// context switched to *from* that one, so that each test's switched defaults are its own, as
/// its other defaults are (a tree keeps its defaults by key and context, and a GlobalEnv test
/// scope forgets its context's, switched ones included, when it ends):
///
/// | node's context | `.live` | `.preview` | `.test` |
/// |---|---|---|---|
/// | none (a live process) | none: the tree's live defaults | `livePreview` | `liveStrict` |
/// | one that reads the named values | itself | itself | itself |
/// | another | its switched live context | its switched preview context | its switched strict context |
///
/// A switched context belongs to its origin's test and shares its held failures: a missing test
/// value read under a `.test` switch fails that test, as it would in a test context.
///
/// ```swift
/// let defaults = TestContext.switching(node.testContext, to: .live)  // `nil` outside tests
/// ```
extension TestContext {
  /// The context whose defaults a node of context `origin` reads where the nearest `context` set
  /// on its path is `switched` (`origin` itself, when nothing is set).
  static func switching(_ origin: TestContext?, to switched: DependencyContext?) -> TestContext? {
    guard let switched else { return origin }
    guard let origin else {
      switch switched {
      case .live: return nil
      case .preview: return livePreview
      case .test: return liveStrict
      }
    }
    return origin.switched(to: Defaults(switched))
  }

  /// What a `.preview` switch reads in a process or a tree outside any context: preview values.
  /// Made at the first such switch (so a process that never switches never counts a context
  /// alive; see `forNewRoot`).
  private static let livePreview = TestContext(owner: nil, defaults: .previewValues)

  /// What a `.test` switch reads outside any context: test values, strictly; failures go to the
  /// running test, if any, as the process-wide context's do.
  private static let liveStrict = TestContext(owner: nil, defaults: .testValues)

  /// This context, when its defaults are `defaults`; otherwise the context switched to from it,
  /// made once (under a leaf lock: making a context runs no user code).
  private func switched(to defaults: Defaults) -> TestContext {
    if self.defaults == defaults { return self }
    return switchedContexts.withLock { contexts in
      if let made = contexts[defaults] { return made }
      // A test trait's values are set explicitly: they win over a switch, as in the origin.
      let made = TestContext(owner: owner, defaults: defaults, held: held, values: values)
      contexts[defaults] = made
      return made
    }
  }

  /// This context and those switched to from it so far: whose defaults a tree forgets together.
  var withSwitchedContexts: [TestContext] {
    [self] + switchedContexts.withLock { Array($0.values) }
  }
}

extension TestContext.Defaults {
  /// The defaults a `context` setting names.
  init(_ context: DependencyContext) {
    switch context {
    case .live: self = .liveValues
    case .preview: self = .previewValues
    case .test: self = .testValues
    }
  }
}
