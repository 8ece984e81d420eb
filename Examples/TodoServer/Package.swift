// swift-tools-version: 6.0
import PackageDescription

// A Hummingbird 2 server whose handlers read their dependencies from a per-request environment:
// one AppEnvironment for the process, one short-lived RequestEnvironment per request.
let package = Package(
  name: "TodoServer",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "swift-composable-env", path: "../.."),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
  ],
  targets: [
    .target(
      name: "TodoCore",
      dependencies: [
        .product(name: "ComposableEnvServices", package: "swift-composable-env"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "SQLiteNIO", package: "sqlite-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    .executableTarget(
      name: "TodoServer",
      dependencies: [
        "TodoCore", .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]),
    .testTarget(
      name: "TodoCoreTests",
      dependencies: [
        "TodoCore",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "ComposableEnvServices", package: "swift-composable-env"),
        .product(name: "ComposableEnvTesting", package: "swift-composable-env"),
        .product(name: "SQLiteNIO", package: "sqlite-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
  ]
)
