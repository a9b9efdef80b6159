// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "SwiftReduce",
  products: [
    // Libraries
    .library(name: "SwiftReduce", targets: ["SwiftReduce"]),
    .library(name: "SwiftReduceTextUI", targets: ["SwiftReduceTextUI"]),

    // Samples
    .executable(name: "MovieList", targets: ["MovieList"]),
  ],
  targets: [
    // Core
    .target(name: "SwiftReduce"),

    // Text UI
    .target(name: "SwiftReduceTextUI", dependencies: ["SwiftReduce"]),

    // Samples
    .executableTarget(
      name: "MovieList",
      dependencies: ["SwiftReduce", "SwiftReduceTextUI"],
      path: "Samples/MovieList"
    ),

    // Tests
    .testTarget(name: "SwiftReduceTests", dependencies: ["SwiftReduce"]),
    .testTarget(
      name: "SwiftReduceTextUITests",
      dependencies: ["SwiftReduce", "SwiftReduceTextUI"]
    ),
    .testTarget(
      name: "MovieListTests",
      dependencies: ["MovieList", "SwiftReduce", "SwiftReduceTextUI"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
