// swift-tools-version: 6.0
import PackageDescription

// Side-by-side benchmarks of swift-composable-env and its peers, in one process.
// A separate package, so that the library itself keeps zero dependencies.
//
//   swift run -c release --package-path Benchmarks Benchmarks [--filter NAME] [--json] [--quick]
let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "swift-composable-env", path: ".."),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
    .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
  ],
  targets: [
    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        .product(name: "ComposableEnv", package: "swift-composable-env"),
        .product(name: "ComposableEnvServices", package: "swift-composable-env"),
        .product(name: "GlobalEnv", package: "swift-composable-env"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "Swinject", package: "Swinject"),
        "HeapStatistics",
      ]
    ),
    .target(name: "HeapStatistics"),
  ]
)
