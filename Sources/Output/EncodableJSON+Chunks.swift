// The bytes of a value's JSON as EncodableJSON holds them once written:
// buffers of about 64 KB, and a long string's bytes as they came, so that
// a large value's JSON is never one array grown by doubling, nor copied
// whole again by each value that holds it.

extension EncodableJSON {
    package struct Chunks {
        /// Bytes past this many make a buffer full; a written value of at
        /// least as many is kept as its own chunk, not copied.
        package static let bufferSize = 1 << 16

        private var done: [[UInt8]] = []
        private var current: [UInt8] = []

        mutating func append(_ text: StaticString) {
            text.withUTF8Buffer { current.append(contentsOf: $0) }
            flushIfFull()
        }

        mutating func appendSpaces(_ count: Int) {
            current.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
            flushIfFull()
        }

        mutating func appendString(_ string: String) {
            EncodableJSON.writeString(string, into: &current)
            flushIfFull()
        }

        mutating func append(bytes: [UInt8]) {
            current.append(contentsOf: bytes)
            flushIfFull()
        }

        /// A written value's chunks: small ones copied into the buffer,
        /// full-sized ones kept as they are.
        mutating func append(chunks: [[UInt8]]) {
            for chunk in chunks {
                if chunk.count >= Self.bufferSize {
                    flush()
                    done.append(chunk)
                } else {
                    current.append(contentsOf: chunk)
                    flushIfFull()
                }
            }
        }

        /// The chunks, in order, none empty.
        mutating func finish() -> [[UInt8]] {
            flush()
            return done
        }

        private mutating func flushIfFull() {
            if current.count >= Self.bufferSize { flush() }
        }

        private mutating func flush() {
            guard !current.isEmpty else { return }
            done.append(current)
            current = []
        }
    }
}
