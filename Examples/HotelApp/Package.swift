// swift-tools-version:6.1
// An app target that uses stackc the way a team would: its .stack files sit
// among its sources, the StackcPlugin build plugin turns each into Swift on
// every build that changed it, and main.swift uses the generated types.
import PackageDescription

let package = Package(
    name: "HotelApp",
    dependencies: [.package(name: "stackc", path: "../..")],
    targets: [
        .executableTarget(
            name: "HotelApp",
            dependencies: [.product(name: "StackRuntime", package: "stackc")],
            plugins: [.plugin(name: "StackcPlugin", package: "stackc")])
    ],
    swiftLanguageModes: [.v6]
)
