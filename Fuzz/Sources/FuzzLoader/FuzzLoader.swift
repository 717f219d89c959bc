// libFuzzer entry: bytes as a compiled screen file.

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzChecks.loader(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
