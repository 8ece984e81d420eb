// swift-tools-version: 6.1
import PackageDescription

// swift-dependencies' own test suite, run against GlobalEnv with only its imports changed.
//
// `Tests/DependenciesTests` is not in the repository: `Scripts/swift-dependencies-suite` copies
// it from the swift-dependencies checkout this package resolves (pinned below), changing only
// the lines that import Dependencies and DependenciesTestSupport. README.md says what is set aside.
let package = Package(
  name: "SwiftDependenciesSuite",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    .package(name: "swift-composable-env", path: "../.."),
    // Only for its test sources: no target links it.
    .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
    // What the suite imports beside Dependencies (swift-dependencies re-exports them).
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.0.0"),
  ],
  targets: [
    .testTarget(
      name: "DependenciesTests",
      dependencies: [
        .product(name: "GlobalEnv", package: "swift-composable-env"),
        .product(name: "GlobalEnvTesting", package: "swift-composable-env"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]),
  ]
)
