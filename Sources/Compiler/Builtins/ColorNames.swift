// The colour names the language knows, as 0xRRGGBBAA (the iOS system palette).
// The table lives in the runtime, which must parse colours on its own.

import StackRuntime

public enum ColorNames {
    public static var table: [String: UInt32] { NumberText.colorNames }
}
