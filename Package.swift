// swift-tools-version:6.1
// stackc — a declarative language and compiler for stack screens.
import PackageDescription

let package = Package(
    name: "stackc",
    products: [
        .library(name: "StackParser", targets: ["StackParser"]),
        .library(name: "StackCompiler", targets: ["StackCompiler"]),
        .library(name: "StackRuntime", targets: ["StackRuntime"]),
        .executable(name: "stackc", targets: ["stackc"]),
        // Generates Swift for the .stack files of a target on every build (docs/codegen.md).
        .plugin(name: "StackcPlugin", targets: ["StackcPlugin"]),
        // `swift package generate-stack-code`: the same Swift, written into the package.
        .plugin(name: "GenerateStackCode", targets: ["GenerateStackCode"]),
    ],
    targets: [
        .target(name: "StackParser", path: "Sources/Parser"),
        .target(name: "StackCompiler", dependencies: ["StackParser", "StackRuntime"], path: "Sources/Compiler"),
        .target(name: "StackRuntime", path: "Sources/Runtime"),
        // The language server's analyses (stackc lsp), apart from the stdio loop so tests call them directly.
        .target(name: "StackTooling", dependencies: ["StackParser", "StackCompiler", "StackRuntime"], path: "Sources/Tooling"),
        // Layouts and presented instants as the contracts' JSON: for the CLI and the tests, not for apps.
        .target(name: "StackOutput", dependencies: ["StackParser", "StackRuntime"], path: "Sources/Output"),
        .executableTarget(
            name: "stackc",
            dependencies: ["StackParser", "StackCompiler", "StackRuntime", "StackOutput", "StackTooling"],
            path: "Sources/stackc"),
        .plugin(name: "StackcPlugin", capability: .buildTool(), dependencies: ["stackc"], path: "Plugins/StackcPlugin"),
        .plugin(
            name: "GenerateStackCode",
            capability: .command(
                intent: .custom(verb: "generate-stack-code", description: "Write the Swift of every .stack file into the package"),
                permissions: [.writeToPackageDirectory(reason: "writes NAME.stack.swift beside each .stack file")]),
            dependencies: ["stackc"], path: "Plugins/GenerateStackCode"),
        .executableTarget(
            name: "stack-bench",
            dependencies: ["StackParser", "StackCompiler", "StackRuntime", "StackTooling", "StackOutput"],
            path: "Sources/stack-bench"),
        .target(name: "TestSupport", dependencies: ["StackParser", "StackCompiler", "StackRuntime"], path: "Tests/TestSupport"),
        .testTarget(name: "ParserTests", dependencies: ["StackParser"], path: "Tests/ParserTests"),
        .testTarget(
            name: "CompilerTests", dependencies: ["StackParser", "StackCompiler", "StackRuntime", "TestSupport"],
            path: "Tests/CompilerTests",
            exclude: ["Fixtures"]),
        .testTarget(name: "RuntimeTests", dependencies: ["StackRuntime", "StackOutput", "TestSupport"], path: "Tests/RuntimeTests"),
        .testTarget(
            name: "LayoutTests", dependencies: ["StackParser", "StackCompiler", "StackRuntime", "StackOutput", "TestSupport"],
            path: "Tests/LayoutTests",
            exclude: ["Fixtures"]),
        .testTarget(name: "ToolingTests", dependencies: ["StackTooling", "StackParser", "StackCompiler"], path: "Tests/ToolingTests"),
        .testTarget(name: "stackcTests", dependencies: ["stackc"], path: "Tests/stackcTests", exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
