// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "SwiftReduce",
  products: [
    // Libraries
    .library(name: "SwiftReduce", targets: ["SwiftReduce"])
  ],
  targets: [
    // Core
    .target(name: "SwiftReduce"),

    // Tests
    .testTarget(name: "SwiftReduceTests", dependencies: ["SwiftReduce"]),
  ],
  swiftLanguageModes: [.v6]
)
