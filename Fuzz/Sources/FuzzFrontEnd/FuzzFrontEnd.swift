// libFuzzer entry: source bytes through check, lower, encode and load.

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrontEnd(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzChecks.frontEnd(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
