// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "SwiftReduce",
  // Observation, which `Store` conforms to, needs these on Apple platforms.
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .macCatalyst(.v17)],
  products: [
    // Libraries
    .library(name: "SwiftReduce", targets: ["SwiftReduce"]),
    .library(name: "SwiftReduceTextUI", targets: ["SwiftReduceTextUI"]),
    .library(name: "SwiftReduceTesting", targets: ["SwiftReduceTesting"]),
    .library(name: "SwiftReduceSwiftUI", targets: ["SwiftReduceSwiftUI"]),
    .library(name: "SwiftReducePersistence", targets: ["SwiftReducePersistence"]),

    // Samples
    .executable(name: "MovieList", targets: ["MovieList"]),
    .executable(name: "Counters", targets: ["Counters"]),
    .executable(name: "Todos", targets: ["Todos"]),
  ],
  targets: [
    // Core. `Internal/Runtime/` stays a folder, not an internal target: measured as one, the
    // walk's reads of it were called rather than inlined, even `@inlinable`, and a dispatch
    // to the 1,111-model tree cost 16% more instructions (25% with value-model leaves).
    // `Internal/README.md` is the map of the internals, for readers, not a resource.
    .target(name: "SwiftReduce", exclude: ["Internal/README.md"]),

    // Text UI
    .target(name: "SwiftReduceTextUI", dependencies: ["SwiftReduce"]),

    // SwiftUI overlay: built where SwiftUI exists, empty elsewhere; type-checked on Linux by
    // Tests/SwiftUIOverlayCheck against stand-ins of the SwiftUI signatures it uses.
    .target(name: "SwiftReduceSwiftUI", dependencies: ["SwiftReduce"]),

    // Testing: `TestStore`, failing tests under Swift Testing and XCTest alike
    .target(name: "SwiftReduceTesting", dependencies: ["SwiftReduce"]),

    // Persistence: a file that keeps a store's state between runs (imports Foundation)
    .target(name: "SwiftReducePersistence", dependencies: ["SwiftReduce"]),

    // Samples
    .executableTarget(
      name: "MovieList",
      dependencies: ["SwiftReduce", "SwiftReducePersistence", "SwiftReduceTextUI"],
      path: "Samples/MovieList",
      exclude: ["README.md"]
    ),
    .executableTarget(
      name: "Counters",
      dependencies: ["SwiftReduce", "SwiftReducePersistence", "SwiftReduceTextUI"],
      path: "Samples/Counters",
      exclude: ["README.md"]
    ),
    // The Todos feature knows its own models and the clock and UUID dependencies only;
    // the app composes it. Samples/Todos/README.md is beside them.
    .target(
      name: "TodosFeature",
      dependencies: ["SwiftReduce", "SwiftReduceTextUI"],
      path: "Samples/Todos/Feature"
    ),
    .executableTarget(
      name: "Todos",
      dependencies: ["SwiftReduce", "SwiftReduceTextUI", "TodosFeature"],
      path: "Samples/Todos/App"
    ),

    // Tests
    .target(
      name: "SwiftReduceTestSupport", dependencies: ["SwiftReduce"],
      path: "Tests/SwiftReduceTestSupport"),
    .testTarget(name: "SwiftReduceTests", dependencies: ["SwiftReduce", "SwiftReduceTestSupport"]),
    .testTarget(
      name: "SwiftReduceTextUITests",
      dependencies: ["SwiftReduce", "SwiftReduceTextUI", "SwiftReduceTestSupport"]
    ),
    .testTarget(
      name: "SwiftReduceTestingTests",
      dependencies: ["SwiftReduce", "SwiftReduceTesting", "SwiftReduceTestSupport"]
    ),
    .testTarget(
      name: "SwiftReduceTestingXCTests",
      dependencies: ["SwiftReduce", "SwiftReduceTesting", "SwiftReduceTestSupport"]
    ),
    .testTarget(
      name: "SwiftReducePersistenceTests",
      dependencies: ["SwiftReduce", "SwiftReducePersistence", "SwiftReduceTestSupport"]
    ),
    .testTarget(
      name: "MovieListTests",
      dependencies: [
        "MovieList", "SwiftReduce", "SwiftReducePersistence", "SwiftReduceTesting",
        "SwiftReduceTextUI", "SwiftReduceTestSupport",
      ],
      // A session recorded with `--record`, read by the test that replays it.
      exclude: ["Support/RecordedSession.json"]
    ),
    .testTarget(
      name: "CountersTests",
      dependencies: ["Counters", "SwiftReduce", "SwiftReduceTesting", "SwiftReduceTestSupport"]
    ),
    .testTarget(
      name: "TodosTests",
      dependencies: [
        "TodosFeature", "SwiftReduce", "SwiftReduceTesting", "SwiftReduceTextUI",
        "SwiftReduceTestSupport",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
