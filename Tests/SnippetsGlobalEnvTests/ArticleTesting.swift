// Compiled copy of snippets from the DocC article Testing.md; keep them identical
// (SnippetsAreCompiledTests checks).
import GlobalEnv
import GlobalEnvTesting
import Testing

@Test(.dependencyTestContext, .dependencies { $0.apiClient = .stub })
func feedShowsStubbedTitlesStrictly() {
  #expect(FeedModel().titles() == ["Stubbed post"])
}

@Test(.dependencies { $0.apiClient = .stub })
func feedShowsStubbedTitles() {
  #expect(FeedModel().titles() == ["Stubbed post"])
}
