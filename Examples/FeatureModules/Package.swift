// swift-tools-version: 6.0
import PackageDescription

// A modular app laid out as app teams do: one module declares the dependencies, one module per
// feature, and an app module that composes them. Every feature builds twice: against
// ComposableEnv (`FeedFeature`, …) and, from the same sources, against GlobalEnv (`GlobalFeedFeature`,
// …), which is the interchangeability promise in a real layout.
let package = Package(
  name: "FeatureModules",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(name: "swift-composable-env", path: "../..")],
  targets: variants(of: "FeatureBase", dependencies: [])
    + feature(named: "Feed")
    + feature(named: "Profile")
    + feature(named: "Settings")
    + variants(of: "SearchFeature", dependencies: ["FeatureBase"])
    + feature(named: "App", using: ["Feed", "Profile", "Settings"])
    + [
      // The keys, declared once, with nothing but DependencyValues.
      .target(
        name: "AppDependencies",
        dependencies: [.product(name: "DependencyValues", package: "swift-composable-env")]),
      .testTarget(
        name: "FeedFeatureTests",
        dependencies: [
          "FeedFeature", .product(name: "ComposableEnvTesting", package: "swift-composable-env"),
        ]),
      .testTarget(
        name: "ProfileFeatureTests",
        dependencies: [
          "ProfileFeature", .product(name: "ComposableEnvTesting", package: "swift-composable-env"),
        ]),
      .testTarget(
        name: "SettingsFeatureTests",
        dependencies: [
          "SettingsFeature",
          .product(name: "ComposableEnvTesting", package: "swift-composable-env"),
        ]),
      .testTarget(
        name: "AppFeatureTests",
        dependencies: [
          "AppFeature", "FeedFeature", "SettingsFeature",
          .product(name: "ComposableEnvTesting", package: "swift-composable-env"),
        ]),
      .testTarget(
        name: "SearchFeatureTests",
        dependencies: [
          "SearchFeature", .product(name: "ComposableEnvTesting", package: "swift-composable-env"),
        ]),
      .testTarget(
        name: "GlobalSearchFeatureTests",
        dependencies: [
          "GlobalSearchFeature",
          .product(name: "GlobalEnvTesting", package: "swift-composable-env"),
        ]),
      .testTarget(
        name: "GlobalAppFeatureTests",
        dependencies: [
          "GlobalAppFeature", .product(name: "GlobalEnvTesting", package: "swift-composable-env"),
        ]),
    ]
)

/// A feature module that uses `features`, in both variants.
func feature(named name: String, using features: [String] = []) -> [Target] {
  variants(
    of: "\(name)Feature",
    dependencies: ["AppDependencies", "FeatureBase"] + features.map { "\($0)Feature" })
}

/// A module twice: `<name>` on ComposableEnv, `Global<name>` on GlobalEnv, both from
/// `Sources/<name>` (the GlobalEnv target's files are symbolic links to them), each depending on
/// the same variant of `dependencies` (`AppDependencies` has one variant only).
func variants(of name: String, dependencies: [String]) -> [Target] {
  func variant(_ module: String) -> Target.Dependency {
    module == "AppDependencies" ? "AppDependencies" : .target(name: module)
  }
  return [
    .target(
      name: name,
      dependencies: dependencies.map(variant)
        + [.product(name: "ComposableEnv", package: "swift-composable-env")]
    ),
    .target(
      name: "Global\(name)",
      dependencies: dependencies.map { variant($0 == "AppDependencies" ? $0 : "Global\($0)") }
        + [.product(name: "GlobalEnv", package: "swift-composable-env")],
      path: "Sources/Global/\(name)",
      swiftSettings: [.define("GLOBAL_ENV")]
    ),
  ]
}

// Every module as a new Xcode 26 app target builds it: main-actor default isolation and the
// approachable-concurrency upcoming features (Swift 6.2 and later; the flag form, so that the
// manifest still loads with Swift 6.1, which builds the example without them).
#if compiler(>=6.2)
  for target in package.targets {
    target.swiftSettings =
      (target.swiftSettings ?? []) + [
        .unsafeFlags(["-default-isolation", "MainActor"]),
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        .enableUpcomingFeature("InferIsolatedConformances"),
      ]
  }
#endif
