// swift-tools-version: 6.1
import PackageDescription

// A module that imports both this package's GlobalEnv and pointfreeco's Dependencies, as a
// project does halfway through moving from one to the other: each side declares a key, and the
// file spells each side's names so that they do not clash (Migration.md, section 1).
let package = Package(
  name: "SideBySide",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    .package(name: "swift-composable-env", path: "../.."),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.9.0"),
    // Packages swift-dependencies re-exports, imported beside GlobalEnv (CoexistenceTests).
    // swift-clocks: GlobalEnv's own TestClock and its kin have its names, so a file imports the
    // clocks it means by name (Migration.md; ClocksCoexistenceTests).
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.0.0"),
  ],
  targets: [
    .target(
      name: "SideBySide",
      dependencies: [
        .product(name: "GlobalEnv", package: "swift-composable-env"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]),
    .testTarget(
      name: "SideBySideTests",
      dependencies: [
        "SideBySide",
        .product(name: "GlobalEnvTesting", package: "swift-composable-env"),
        .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
      ]),
    // A file that imports GlobalEnv beside IssueReporting and ConcurrencyExtras, as files of a
    // project that used swift-dependencies do, and calls each name unqualified.
    .testTarget(
      name: "CoexistenceTests",
      dependencies: [
        .product(name: "GlobalEnv", package: "swift-composable-env"),
        .product(name: "GlobalEnvTesting", package: "swift-composable-env"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]),
    // A file that imports GlobalEnv beside swift-clocks' clocks, imported by name.
    .testTarget(
      name: "ClocksCoexistenceTests",
      dependencies: [
        .product(name: "GlobalEnv", package: "swift-composable-env"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]),
  ]
)
