// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Pageflow",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Pageflow", targets: ["Pageflow"]),
    .library(name: "PageflowTesting", targets: ["PageflowTesting"]),
    .library(name: "PageflowSQLite", targets: ["PageflowSQLite"]),
    .library(name: "PageflowSwiftUI", targets: ["PageflowSwiftUI"]),
    .library(name: "PageflowUIKit", targets: ["PageflowUIKit"]),
    .executable(name: "pageflow-demo", targets: ["pageflow-demo"]),
    .executable(name: "pageflow-browse", targets: ["pageflow-browse"]),
    .executable(name: "pageflow-bench", targets: ["PageflowBenchmarks"]),
  ],
  targets: [
    .target(name: "Pageflow"),
    .target(name: "PageflowTesting", dependencies: ["Pageflow"]),
    // The system's SQLite (apt libsqlite3-dev, brew sqlite3); only PageflowSQLite links it.
    .systemLibrary(
      name: "CSQLite",
      path: "Sources/CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite3"])]
    ),
    .target(name: "PageflowSQLite", dependencies: ["Pageflow", "CSQLite"]),
    // SwiftUI views over Pageflow's models; empty where SwiftUI does not exist (Linux).
    .target(name: "PageflowSwiftUI", dependencies: ["Pageflow"]),
    // Change sets applied to UIKit's and AppKit's collection views; empty where they do not exist.
    .target(name: "PageflowUIKit", dependencies: ["Pageflow"]),
    // The README's quick start, a complete file to copy; QuickStartTests runs it.
    .target(name: "QuickStart", dependencies: ["Pageflow"], path: "Examples/QuickStart"),
    // The example app's model (the feed screen's reducer, its page source), built and tested on
    // every platform; its SwiftUI screens (Examples/FeedApp/App) are the app target on a Mac, below.
    .target(name: "FeedAppModel", dependencies: ["Pageflow"], path: "Examples/FeedApp/Model"),
    .executableTarget(
      name: "pageflow-demo",
      dependencies: ["Pageflow"],
      path: "Examples/pageflow-demo"
    ),
    // The terminal browser: its model, screen and terminal in a library the tests import, and a
    // thin executable.
    .target(
      name: "PageflowBrowser",
      dependencies: ["Pageflow", "PageflowSQLite"],
      path: "Examples/PageflowBrowser"
    ),
    .executableTarget(
      name: "pageflow-browse",
      dependencies: ["PageflowBrowser"],
      path: "Examples/pageflow-browse"
    ),
    .executableTarget(
      name: "PageflowBenchmarks",
      // CSQLite for the floor of the store's figures: the same queries through the C API alone.
      dependencies: ["Pageflow", "PageflowSQLite", "CSQLite"],
      path: "Sources/PageflowBenchmarks"
    ),
    // Saves a place, or restores one, in a process of its own: the place tests run it twice.
    .executableTarget(
      name: "pageflow-place-roundtrip",
      dependencies: ["Pageflow"],
      path: "Tests/PlaceRoundTrip"
    ),
    // What the tests that start one of the executables above share: where the build put them.
    .target(name: "PageflowTestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "PageflowTests",
      dependencies: [
        "Pageflow", "PageflowTesting", "PageflowSwiftUI", "PageflowTestSupport", "pageflow-place-roundtrip",
      ]),
    .testTarget(name: "PageflowTestingTests", dependencies: ["Pageflow", "PageflowTesting"]),
    .testTarget(name: "QuickStartTests", dependencies: ["QuickStart", "Pageflow", "PageflowTesting"]),
    .testTarget(name: "FeedAppModelTests", dependencies: ["FeedAppModel", "Pageflow", "PageflowTesting"]),
    // Writes pages until it is killed: the crash test runs it as a child process.
    .executableTarget(
      name: "pageflow-sqlite-writer",
      dependencies: ["Pageflow", "PageflowSQLite"],
      path: "Tests/PageflowSQLiteWriter"
    ),
    .testTarget(
      name: "PageflowBrowserTests",
      dependencies: ["Pageflow", "PageflowBrowser", "PageflowTesting", "PageflowTestSupport", "pageflow-browse"],
      exclude: ["Screens"]  // the screens the rendering tests compare with, read from the source folder
    ),
    .testTarget(
      name: "PageflowSQLiteTests",
      dependencies: ["Pageflow", "PageflowSQLite", "PageflowTesting", "PageflowTestSupport", "pageflow-sqlite-writer"]),
    // Runs pageflow-bench --quick --json as a child process and reads every line it prints.
    .testTarget(name: "PageflowBenchmarksTests", dependencies: ["PageflowBenchmarks", "PageflowTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

#if os(macOS)
  // The example app, a SwiftUI feed: `swift run pageflow-feed` on a Mac opens its window (or open the
  // package in Xcode and run the scheme). Its screens compile where SwiftUI is, and nowhere else.
  package.products.append(.executable(name: "pageflow-feed", targets: ["pageflow-feed"]))
  package.targets.append(
    .executableTarget(
      name: "pageflow-feed", dependencies: ["FeedAppModel", "Pageflow", "PageflowSwiftUI"],
      path: "Examples/FeedApp/App"))
#endif
