// Compiled copy of a snippet from README.md; keep it identical (SnippetsAreCompiledTests checks).
import ComposableEnv

func explain(_ app: AppEnvironment) {
  print(app.feed.provenance(of: \.apiClient))
  print(app.dependencyTree())
  print(app.dependencyTree(format: .dot))
}
