// Compiled copy of a snippet from README.md; keep it identical (SnippetsAreCompiledTests checks).
import ComposableEnv

final class NewsEnvironment: ComposableEnvironment {
  @DerivedEnvironment<FeedEnvironment>(aliases: { $0.alias(\.feedLogger, to: \.logger) })
  var feed
}
