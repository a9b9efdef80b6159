// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "SwiftReduceBenchmarks",
  dependencies: [
    // The library under test, from the repository root
    .package(name: "SwiftReduce", path: "..")
  ],
  targets: [
    // Benchmarks
    .executableTarget(
      name: "SwiftReduceBenchmarks",
      dependencies: [.product(name: "SwiftReduce", package: "SwiftReduce")]
    )
  ],
  swiftLanguageModes: [.v6]
)
