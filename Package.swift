// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "swift-composable-env",
  platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
  products: [
    .library(name: "DependencyValues", targets: ["DependencyValues"]),
    .library(name: "ComposableEnv", targets: ["ComposableEnv"]),
    .library(name: "GlobalEnv", targets: ["GlobalEnv"]),
    .library(name: "GlobalEnvTesting", targets: ["GlobalEnvTesting"]),
    .library(name: "ComposableEnvTesting", targets: ["ComposableEnvTesting"]),
    .library(name: "DependencyServices", targets: ["DependencyServices"]),
    .library(name: "ComposableEnvServices", targets: ["ComposableEnvServices"]),
    .library(name: "GlobalEnvServices", targets: ["GlobalEnvServices"]),
    .executable(name: "ComposableEnvDemo", targets: ["ComposableEnvDemo"]),
  ],
  // The built-in `urlSession` links FoundationNetworking on Linux (and with it libcurl), and the
  // built-in `notificationCenter` links Foundation (the rest of the module needs only
  // FoundationEssentials there): a package that does not read them can leave them out with
  // `traits: []` on its dependency on this package.
  traits: [
    .trait(
      name: "URLSession",
      description: "The built-in `urlSession` dependency (links FoundationNetworking on Linux)."),
    .trait(
      name: "NotificationCenter",
      description: "The built-in `notificationCenter` dependency (links Foundation on Linux)."),
    .default(enabledTraits: ["URLSession", "NotificationCenter"]),
  ],
  targets: [
    // Public: what feature modules import to declare dependencies.
    // Debug builds check that no value is released under a lock of the library (`Box`).
    .target(
      name: "DependencyValues", dependencies: ["_EnvironmentAtomics"],
      swiftSettings: [.define("ENVIRONMENT_INTERNAL_CHECKS", .when(configuration: .debug))]),

    // Internal: the resolution rules shared by both environment modules.
    // Debug builds (the test suite, the fuzzer's replay, the soak's checked run) are checked
    // builds: lock order, table and reclamation invariants are asserted on every operation.
    .target(name: "_EnvironmentAtomics"),
    .target(
      name: "_EnvironmentCore", dependencies: ["DependencyValues", "_EnvironmentAtomics"],
      swiftSettings: [.define("ENVIRONMENT_INTERNAL_CHECKS", .when(configuration: .debug))]),

    // Public: the two interchangeable environment modules. Each re-exports the clocks, as
    // swift-dependencies re-exports swift-clocks: app code sets `ImmediateClock` as a preview value.
    .target(
      name: "ComposableEnv",
      dependencies: ["DependencyValues", "_EnvironmentCore", "_DependencyClocks"]),
    .target(
      name: "GlobalEnv",
      dependencies: ["DependencyValues", "_EnvironmentCore", "_DependencyClocks"]),

    // Public, apart: services (start in graph order, graceful stop, request scopes), layered on
    // the environment modules through their package-level hooks. Feature modules declare service
    // keys with `DependencyServices`; an app starts them with the module for its environments.
    .target(
      name: "DependencyServices", dependencies: ["DependencyValues", "_EnvironmentCore"]),
    .target(
      name: "ComposableEnvServices",
      dependencies: ["ComposableEnv", "DependencyServices", "_EnvironmentCore"]),
    .target(
      name: "GlobalEnvServices", dependencies: ["GlobalEnv", "DependencyServices", "_EnvironmentCore"]),

    // Public, for tests only: test contexts (a trait and a function) for each module, and
    // GlobalEnv's scoped-override trait.
    .target(
      name: "ComposableEnvTesting",
      dependencies: [
        "ComposableEnv", "_EnvironmentCore", "_DependencyTestingSupport", "_DependencyClocks",
      ]),
    .target(
      name: "GlobalEnvTesting",
      dependencies: [
        "GlobalEnv", "_EnvironmentCore", "_DependencyTestingSupport", "_DependencyClocks",
      ]),

    // Internal: swift-clocks' clocks (`TestClock`, `ImmediateClock`, `UnimplementedClock`,
    // `AnyClock`, `timer(interval:)`), which both environment modules and both testing products
    // re-export. It imports neither Testing nor XCTest: failures go through the installed reporter.
    .target(name: "_DependencyClocks", dependencies: ["DependencyValues", "_EnvironmentCore"]),

    // Internal, for tests only: the reporter that records the library's test failures in Swift
    // Testing or XCTest, installed when a test binary is loaded.
    .target(
      name: "_DependencyTestingSupport",
      dependencies: ["DependencyValues", "_EnvironmentCore", "_DependencyTestingLoader"]),
    .target(name: "_DependencyTestingLoader"),

    // The demo that README's first command runs.
    .executableTarget(name: "ComposableEnvDemo", dependencies: ["ComposableEnv"]),

    .testTarget(
      name: "ComposableEnvTests",
      dependencies: [
        "ComposableEnv", "ComposableEnvTesting", "ClashingNames", "TestSupport", "OwnBuiltInNames",
        "InterfaceKeys", "_EnvironmentCore",
      ]),
    .testTarget(
      name: "GlobalEnvTests",
      dependencies: [
        "GlobalEnv", "GlobalEnvTesting", "ClashingNames", "TestSupport", "OwnBuiltInNames",
      ]
    ),

    // The defects of the trust issue, each reproduced from the public API: racing writes with
    // reference-typed values, results across environments, user code under locks, bounded memory,
    // derived children under races, diagnostics under churn. CI also runs it in release mode.
    .testTarget(
      name: "TrustTests",
      dependencies: ["ComposableEnv", "GlobalEnv", "_EnvironmentCore", "TestSupport"]),
    // The core's parts on their own, at package level: the read table, reclamation, the lock
    // order checks, key path shapes, derived children's slots.
    .testTarget(
      name: "CoreTests", dependencies: ["_EnvironmentCore", "_EnvironmentAtomics", "TestSupport"]),

    // Services on their own: the graph's steps in every order, and both modules' start-up, stop
    // and request scopes from the public API.
    .testTarget(
      name: "ServicesTests",
      dependencies: [
        "ComposableEnvServices", "ComposableEnvTesting", "DependencyServices", "_EnvironmentCore",
        "TestSupport", "ServicesTestSupport",
      ]),
    .testTarget(
      name: "GlobalEnvServicesTests",
      dependencies: ["GlobalEnvServices", "GlobalEnvTesting", "TestSupport", "ServicesTestSupport"]),
    // A seeded program of request-scope releases, with its reference model, for both.
    .target(
      name: "ServicesTestSupport", dependencies: ["DependencyServices", "TestSupport"],
      path: "Tests/Support/ServicesTestSupport"),

    // Compiled copies of every Swift snippet in README.md and Migration.md.
    .testTarget(
      name: "SnippetsComposableEnvTests",
      dependencies: ["ComposableEnv", "ComposableEnvTesting", "ClashingNames"]),
    // Checks of the repository's own files (the CI workflow mirrors .ci/run).
    .testTarget(name: "RepositoryTests"),

    // swift-composable-environment 0.5's README examples, compiled as its users wrote them.
    // Their tests of live values opt out of the strict test process with the testing product.
    .testTarget(name: "Snippets05Tests", dependencies: ["ComposableEnv", "ComposableEnvTesting"]),
    .testTarget(
      name: "SnippetsGlobalEnvTests",
      dependencies: ["GlobalEnv", "GlobalEnvTesting"]
    ),

    // A stand-in for a library with clashing names (as pointfreeco's Dependencies has), so that
    // tests can prove the `Compatible` spellings without depending on it.
    .target(name: "ClashingNames", path: "Tests/Support/ClashingNames"),

    // What the test targets share: a seeded generator, storm keys, the naive reference model,
    // watchdogs and the heap in use.
    .target(
      name: "TestSupport", dependencies: ["DependencyValues", "HeapUsage"],
      path: "Tests/Support/TestSupport"),
    .target(name: "HeapUsage", path: "Tests/Support/HeapUsage"),
    // An interface module: a key with its test value only, whose live value a test module adds.
    .target(
      name: "InterfaceKeys", dependencies: ["DependencyValues"],
      path: "Tests/Support/InterfaceKeys"),
    // A feature module with its own `date` and `uuid` on `Dependencies` (as 0.5 apps had): those,
    // not the built-ins, are what a module importing it reads.
    .target(
      name: "OwnBuiltInNames", dependencies: ["DependencyValues"],
      path: "Tests/Support/OwnBuiltInNames"),

    // A real environment tree beside the reference model, for the fuzzer and the soak.
    .target(
      name: "ModelledTree", dependencies: ["ComposableEnv", "GlobalEnv", "TestSupport"],
      path: "Tests/Support/ModelledTree"),

    // The fuzzer's replay mode: runs inputs (Fuzz/Corpus) against the reference model. Scripts/fuzz
    // builds the same sources, with libFuzzer, outside SwiftPM.
    .executableTarget(
      name: "EnvironmentFuzzer",
      dependencies: ["ComposableEnv", "ModelledTree", "TestSupport"],
      path: "Fuzz/EnvironmentFuzzer"
    ),

    // Scripts/soak: threads of random operations checked against the reference model, for minutes.
    .executableTarget(
      name: "EnvironmentSoak",
      dependencies: ["ComposableEnv", "ModelledTree", "TestSupport"],
      path: "Soak/EnvironmentSoak"
    ),

    // One feature source, compiled against each environment module (Tests/Interchangeability).
    .testTarget(
      name: "ComposableEnvInterchangeabilityTests",
      dependencies: ["ComposableEnv", "ComposableEnvTesting"],
      swiftSettings: [.define("COMPOSABLE_ENV")]
    ),
    .testTarget(
      name: "GlobalEnvInterchangeabilityTests",
      dependencies: ["GlobalEnv", "GlobalEnvTesting"],
      swiftSettings: [.define("GLOBAL_ENV")]
    ),

    // swift-dependencies 1.x code and tests as its users write them, with only the imports
    // changed (issue 40); then the same files again with the main actor as the default isolation,
    // as Xcode 26 sets for a new app (the symlinks of Tests/SwiftDependenciesStyleMainActorTests).
    .testTarget(
      name: "SwiftDependenciesStyleTests", dependencies: ["GlobalEnv", "GlobalEnvTesting"]),
    .testTarget(
      name: "SwiftDependenciesStyleMainActorTests",
      dependencies: ["GlobalEnv", "GlobalEnvTesting"],
      swiftSettings: mainActorByDefault
    ),

    // Models that sleep on a TestClock, with the tests that must pass every run beside anything
    // (Tests/ClockDeterminism, compiled against each environment module).
    .testTarget(
      name: "ComposableEnvClockTests",
      dependencies: ["ComposableEnv", "ComposableEnvTesting", "TestSupport"],
      swiftSettings: [.define("COMPOSABLE_ENV")]
    ),
    .testTarget(
      name: "GlobalEnvClockTests",
      dependencies: ["GlobalEnv", "GlobalEnvTesting", "TestSupport"],
      swiftSettings: [.define("GLOBAL_ENV")]
    ),
  ]
)

/// What Xcode 26 sets for a new app target: main-actor default isolation and the
/// approachable-concurrency upcoming features. `.defaultIsolation(MainActor.self)` needs tools
/// version 6.2 and this manifest's is 6.1, so the isolation is the compiler's flag, as in
/// Examples/FeatureModules; Swift 6.1 builds the target without them.
var mainActorByDefault: [SwiftSetting] {
  #if compiler(>=6.2)
    [
      .unsafeFlags(["-default-isolation", "MainActor"]),
      .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
      .enableUpcomingFeature("InferIsolatedConformances"),
    ]
  #else
    []
  #endif
}
