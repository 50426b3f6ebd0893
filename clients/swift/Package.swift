// swift-tools-version:6.0
// The credsh SDK double's Swift client (docs/double.md, clients/swift/README.md): modules
// named and shaped like the vendor SDKs an app imports, answering over credsh serve's
// JSON-RPC wire with Foundation's URLSession alone, so it builds for iOS and on Linux.
import PackageDescription

let package = Package(
    name: "CredshClients",
    platforms: [.iOS(.v13), .macOS(.v10_15)],
    products: [
        .library(name: "CredshDouble", targets: ["CredshDouble"]),
        .library(name: "RELID", targets: ["RELID"]),
        .library(name: "OneginiSDKiOS", targets: ["OneginiSDKiOS"]),
        .library(name: "SAPFiori", targets: ["SAPFiori"]),
        .executable(name: "expiry-sample", targets: ["expiry-sample"]),
    ],
    targets: [
        .target(name: "CredshDouble"),
        .target(name: "RELID", dependencies: ["CredshDouble"]),
        .target(name: "OneginiSDKiOS", dependencies: ["CredshDouble"]),
        .target(name: "SAPFiori", dependencies: ["CredshDouble"]),
        .target(name: "ExpiryScreen", dependencies: ["RELID"]),
        .executableTarget(name: "expiry-sample", dependencies: ["ExpiryScreen", "RELID", "CredshDouble"]),
        .testTarget(name: "CredshClientTests",
                    dependencies: ["CredshDouble", "RELID", "OneginiSDKiOS", "SAPFiori", "ExpiryScreen"]),
    ],
    swiftLanguageModes: [.v5]
)
