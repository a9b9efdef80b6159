// swift-tools-version: 6.0
import PackageDescription

// Type-checks the SwiftUI overlay (`Sources/SwiftReduceSwiftUI`) on Linux, where SwiftUI does not
// exist, against stand-in `SwiftUI` and `Combine` modules that declare exactly the signatures the
// overlay and its documented uses need, as Apple's documentation states them. Nothing here runs:
// `swift build` is the check. Build it with `-Xswiftc -DSWIFTREDUCE_APPLE_NAMES`, as `.ci/run`
// does, so that SwiftReduce's names from before 1.0 are unavailable as on Apple platforms.
let package = Package(
  name: "SwiftUIOverlayCheck",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .macCatalyst(.v17)],
  dependencies: [
    // The library, from the repository root
    .package(name: "SwiftReduce", path: "../..")
  ],
  targets: [
    // Stand-ins for Apple's modules, declarations only
    .target(name: "SwiftUI"),
    .target(name: "Combine"),

    // The overlay's sources, through a link to Sources/SwiftReduceSwiftUI
    .target(
      name: "SwiftReduceSwiftUIChecked",
      dependencies: ["SwiftUI", .product(name: "SwiftReduce", package: "SwiftReduce")]
    ),

    // A file that imports SwiftUI, Combine and SwiftReduce and uses every name unqualified
    .target(
      name: "ClashCheck",
      dependencies: [
        "SwiftUI", "Combine", "SwiftReduceSwiftUIChecked",
        .product(name: "SwiftReduce", package: "SwiftReduce"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
