// `stackc.json`: a target's code-generation settings, for the build plugin
// and `stackc generate --config`. Every key is optional:
//   { "access": "internal" | "public" | "package", "suffix": "Screen" }

import StackCompiler
import StackTooling

struct GenerationConfig: Equatable {
    var access: SwiftGenerationOptions.Access?
    var suffix: String?

    struct Problem: Error {
        var message: String
    }

    /// The settings in the file at `path`, or what is wrong with it.
    static func read(_ path: String) -> Result<GenerationConfig, Problem> {
        let data: [UInt8]
        do {
            data = try FileReading.read(path, limit: 1 << 20)
        } catch {
            return .failure(Problem(message: "cannot read '\(path)': \(error.description)"))
        }
        guard data.count <= 64 * 1024 else { return .failure(Problem(message: "'\(path)' is larger than 64 KiB; it holds two settings")) }
        return parse(data, path: path)
    }

    static func parse(_ data: [UInt8], path: String) -> Result<GenerationConfig, Problem> {
        guard let settings = JSONObjects.parse(data) as? [String: Any] else {
            return .failure(Problem(message: "'\(path)' is not a JSON object such as {\"access\": \"public\"}"))
        }
        var config = GenerationConfig()
        for key in settings.keys.sorted() {
            switch key {
            case "access":
                guard let text = settings[key] as? String, let level = SwiftGenerationOptions.Access(rawValue: text) else {
                    return .failure(Problem(message: "'\(path)': \"access\" is \"internal\", \"public\" or \"package\""))
                }
                config.access = level
            case "suffix":
                guard let text = settings[key] as? String, isValidSuffix(text) else {
                    return .failure(Problem(message: "'\(path)': \"suffix\" is letters and digits, such as \"Screen\""))
                }
                config.suffix = text
            default:
                return .failure(Problem(message: "'\(path)': unknown setting \"\(key)\"; the settings are \"access\" and \"suffix\""))
            }
        }
        return .success(config)
    }

    /// Letters and digits only (possibly empty): it ends a Swift type name.
    static func isValidSuffix(_ text: String) -> Bool {
        text.count <= 64 && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}
