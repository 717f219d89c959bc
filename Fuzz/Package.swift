// swift-tools-version:6.0
// libFuzzer targets for stackc, kept in a package of their own: their
// executables have no `main` (libFuzzer brings it), so they link only when
// built with `--sanitize fuzzer`. Run them with `scripts/fuzz.sh SECONDS`.
import PackageDescription

let package = Package(
    name: "stackc-fuzz",
    dependencies: [.package(name: "stackc", path: "..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "StackParser", package: "stackc"), .product(name: "StackCompiler", package: "stackc"),
                .product(name: "StackRuntime", package: "stackc"),
            ]),
        .executableTarget(name: "FuzzFrontEnd", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzLoader", dependencies: ["FuzzSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
