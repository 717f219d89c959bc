// CRC-32 (IEEE 802.3, the one zip and PNG use), eight bytes at a time: the
// checksum runs over every byte of a compiled screen before anything is
// trusted, so it must not dominate loading.

package enum CRC32 {
    /// Eight lookup tables of 256 entries ("slicing by 8"), built once.
    private static let tables: [[UInt32]] = {
        var tables = [[UInt32]](repeating: [UInt32](repeating: 0, count: 256), count: 8)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            tables[0][byte] = crc
        }
        for byte in 0..<256 {
            for slice in 1..<8 {
                let previous = tables[slice - 1][byte]
                tables[slice][byte] = (previous >> 8) ^ tables[0][Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The CRC-32 of `bytes`; of what came before them too, when
    /// `previous` is the CRC-32 of that (a file written in parts).
    package static func checksum(_ bytes: UnsafeRawBufferPointer, continuing previous: UInt32 = 0) -> UInt32 {
        let t = tables
        var crc: UInt32 = previous ^ 0xFFFF_FFFF
        var index = 0
        let count = bytes.count
        t[0].withUnsafeBufferPointer { t0 in
            t[1].withUnsafeBufferPointer { t1 in
                t[2].withUnsafeBufferPointer { t2 in
                    t[3].withUnsafeBufferPointer { t3 in
                        t[4].withUnsafeBufferPointer { t4 in
                            t[5].withUnsafeBufferPointer { t5 in
                                t[6].withUnsafeBufferPointer { t6 in
                                    t[7].withUnsafeBufferPointer { t7 in
                                        while index + 8 <= count {
                                            let low = crc ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8
                                                | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24)
                                            let high = UInt32(bytes[index + 4]) | UInt32(bytes[index + 5]) << 8
                                                | UInt32(bytes[index + 6]) << 16 | UInt32(bytes[index + 7]) << 24
                                            crc = t7[Int(low & 0xFF)] ^ t6[Int((low >> 8) & 0xFF)]
                                                ^ t5[Int((low >> 16) & 0xFF)] ^ t4[Int(low >> 24)]
                                                ^ t3[Int(high & 0xFF)] ^ t2[Int((high >> 8) & 0xFF)]
                                                ^ t1[Int((high >> 16) & 0xFF)] ^ t0[Int(high >> 24)]
                                            index += 8
                                        }
                                        while index < count {
                                            crc = (crc >> 8) ^ t0[Int((crc ^ UInt32(bytes[index])) & 0xFF)]
                                            index += 1
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return crc ^ 0xFFFF_FFFF
    }

    package static func checksum(_ bytes: [UInt8], continuing previous: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0, continuing: previous) }
    }
}
