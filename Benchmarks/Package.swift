// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "SwiftReduceBenchmarks",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .macCatalyst(.v17)],
  dependencies: [
    // The library under test, from the repository root
    .package(name: "SwiftReduce", path: "..")
  ],
  targets: [
    // Benchmarks
    .executableTarget(
      name: "SwiftReduceBenchmarks",
      dependencies: [
        "MovieListApp",
        .product(name: "SwiftReduce", package: "SwiftReduce"),
        .product(name: "SwiftReduceTextUI", package: "SwiftReduce"),
        .product(name: "SwiftReduceTesting", package: "SwiftReduce"),
        .product(name: "SwiftReducePersistence", package: "SwiftReduce"),
      ]
    ),
    // The MovieList sample's sources, through a link to Samples/MovieList,
    // without its entry point or its README: the movielist case runs the real app.
    .target(
      name: "MovieListApp",
      dependencies: [
        .product(name: "SwiftReduce", package: "SwiftReduce"),
        .product(name: "SwiftReducePersistence", package: "SwiftReduce"),
        .product(name: "SwiftReduceTextUI", package: "SwiftReduce"),
      ],
      exclude: ["main.swift", "README.md"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
