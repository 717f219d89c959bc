// Little-endian fixed-width fields and unsigned LEB128 varints, appended to
// a byte array.

import StackRuntime

struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func u8(_ value: UInt8) { bytes.append(value) }

    mutating func u16(_ value: UInt16) {
        bytes.append(UInt8(value & 0xFF))
        bytes.append(UInt8(value >> 8))
    }

    mutating func u32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }

    mutating func f64(_ value: Double) {
        let bits = value.bitPattern
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8((bits >> UInt64(shift)) & 0xFF)) }
    }

    /// Unsigned LEB128: seven bits a byte, low first.
    mutating func varint(_ value: Int) {
        var v = UInt64(max(0, value))
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    mutating func bool(_ value: Bool) { u8(value ? 1 : 0) }

    /// Overwrites four bytes at `offset` (for lengths known afterwards).
    mutating func patchU32(_ value: UInt32, at offset: Int) {
        for index in 0..<4 { bytes[offset + index] = UInt8((value >> UInt32(8 * index)) & 0xFF) }
    }
}
