// swift-tools-version:5.7
// generated from fixtures/capabilities.json by tools/codegen — do not edit
// The SwiftPM library of xcap's native input and output types: add this folder as a
// package dependency and `import XcapNative`.
import PackageDescription

let package = Package(
    name: "XcapNative",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "XcapNative", targets: ["XcapNative"]),
    ],
    targets: [
        .target(name: "XcapNative", path: "Sources/XcapNative"),
    ]
)
