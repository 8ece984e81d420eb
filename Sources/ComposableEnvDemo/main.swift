import ComposableEnv

// An app tree: App → Feed → Post, App → Settings.
let app = AppEnvironment()
  .with(\.logger, Logger(subsystem: "com.example.app"))

func show(_ path: String, _ lines: [String]) {
  print(path)
  for line in lines { print("    \(line)") }
}

print("What each feature sees:\n")
show(
  "App",
  ["apiClient: \(app.apiClient)", "clock:     \(app.clock)", "logger:    \(app.logger)"]
)
show(
  "App → Feed",
  ["apiClient:  \(app.feed.apiClient)", "feedLogger: \(app.feed.feedLogger)  (alias of logger)"]
)
show(
  "App → Feed → Post",
  [
    "apiClient:  \(app.feed.post.apiClient)", "clock:      \(app.feed.post.clock)",
    "feedLogger: \(app.feed.post.feedLogger)",
  ]
)
show(
  "App → Settings",
  [
    "apiClient: \(app.settings.apiClient)  (set on Settings)",
    "clock:     \(app.settings.clock)  (set on Settings)", "logger:    \(app.settings.logger)",
  ]
)

// Overrides apply to a node and its descendants, even after the tree was read.
app.feed.with(\.clock, "feed test clock")
print("\nAfter `app.feed.with(\\.clock, \"feed test clock\")`:\n")
show("App", ["clock: \(app.clock)"])
show("App → Feed → Post", ["clock: \(app.feed.post.clock)"])
show("App → Settings", ["clock: \(app.settings.clock)"])
