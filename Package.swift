// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Pageflow",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Pageflow", targets: ["Pageflow"]),
    .library(name: "PageflowTesting", targets: ["PageflowTesting"]),
    .executable(name: "pageflow-demo", targets: ["pageflow-demo"]),
    .executable(name: "pageflow-bench", targets: ["PageflowBenchmarks"]),
  ],
  targets: [
    .target(name: "Pageflow"),
    .target(name: "PageflowTesting", dependencies: ["Pageflow"]),
    .executableTarget(
      name: "pageflow-demo",
      dependencies: ["Pageflow"],
      path: "Examples/pageflow-demo"
    ),
    .executableTarget(
      name: "PageflowBenchmarks",
      dependencies: ["Pageflow"],
      path: "Sources/PageflowBenchmarks"
    ),
    .testTarget(name: "PageflowTests", dependencies: ["Pageflow", "PageflowTesting"]),
    .testTarget(name: "PageflowTestingTests", dependencies: ["Pageflow", "PageflowTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
