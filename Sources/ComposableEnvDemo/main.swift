import ComposableEnv

// A small app: App → Feed → Post, App → Settings. Settings runs against a stub backend and a
// frozen clock, as in a test; the feed team's `feedLogger` is aliased to the app's `logger`.
//
//   swift run ComposableEnvDemo          what each feature sees, why, and the tree
//   swift run ComposableEnvDemo --dot    the tree as a Graphviz graph (pipe it to `dot -Tpng`)
let app = AppEnvironment()
  .with(\.logger, Logger(subsystem: "com.example.app"))
app.feed.post.with(\.clock, .frozen(at: "12:00"))

// Create the children the way the app would, on first use.
_ = app.feed.post.apiClient
_ = app.settings.apiClient

if CommandLine.arguments.contains("--dot") {
  print(app.dependencyTree(format: .dot))
} else {
  print("What each feature sees, and why:\n")
  let features: [(String, ComposableEnvironment)] = [
    ("App", app), ("App → Feed", app.feed), ("App → Feed → Post", app.feed.post),
    ("App → Settings", app.settings),
  ]
  for (name, environment) in features {
    print(name)
    print("    \(environment.provenance(of: \.apiClient))")
    print("    \(environment.provenance(of: \.clock))")
    print("    \(environment.provenance(of: \.logger))")
    print("    \(environment.provenance(of: \.feedLogger))")
  }
  print("\nThe tree, with what each environment sets and aliases:\n")
  print(app.dependencyTree())
}
