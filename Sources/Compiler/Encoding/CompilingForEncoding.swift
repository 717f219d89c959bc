// Compiling straight to a compiled file's parts, for `stackc compile`: the
// first screen's rows are encoded as they are lowered (RowStream) rather
// than kept in its model until the end.

import StackParser
import StackRuntime

/// Screens lowered for encoding: models, and the first screen's rows if
/// they were encoded as they were lowered (its model then holds none).
/// Only `ScreenEncoder.encodeParts` reads them.
public struct ScreensToEncode {
    var screens: [ScreenModel]
    /// Shared with nobody once compiling is over.
    var firstScreenRows: ScreenEncoder.RowStream?

    /// How many screens and flows there are.
    public var count: Int { screens.count }
}

extension Compiler {
    /// `compile`, for encoding: the same file (`ScreenEncoder.encodeParts`)
    /// from less memory, since the first screen's rows are encoded as they
    /// are lowered.
    public static func compileForEncoding(
        _ root: SourceFile, loader: any SourceLoader = FileSystemLoader()
    ) -> (CheckResult, ScreensToEncode?) {
        let rows = ScreenEncoder.RowStream()
        let (result, screens) = compile(root, loader: loader, firstScreenRows: rows)
        return (result, screens.map { ScreensToEncode(screens: $0, firstScreenRows: rows) })
    }
}

extension ScreenEncoder {
    /// The compiled file of `screens` in parts, as `encodeParts` of models.
    public static func encodeParts(_ screens: consuming ScreensToEncode) -> [[UInt8]] {
        let rows = screens.firstScreenRows
        screens.firstScreenRows = nil
        return encodeParts(screens.screens, firstScreenRows: rows)
    }
}
