// Where a parser collects the members of the blocks it is in. A block's
// members are pushed as they are parsed, above those of the blocks around
// it, and moved — not copied — into an array of their exact count when it
// closes: copying them out of a buffer kept per level retained everything
// they hold, and emptying the buffer released it all again, a twentieth of
// parsing a row.

/// The members of the blocks being parsed, innermost last.
final class MemberStack {
    private var base: UnsafeMutablePointer<Member>?
    private var capacity = 0
    /// Members on the stack; a block's start from here (`mark`).
    private(set) var count = 0

    deinit {
        base?.deinitialize(count: count)
        base?.deallocate()
    }

    /// Where the members of a block about to be parsed will start.
    var mark: Int { count }

    func push(_ member: consuming Member) {
        if count == capacity { grow() }
        (base! + count).initialize(to: member)
        count += 1
    }

    /// The members pushed since `mark`, in order, taken off the stack
    /// into one of `spare`'s emptied arrays if it has one (`Parser.keep`).
    func take(from mark: Int, reusing spare: inout [[Member]]) -> [Member] {
        let taken = count - mark
        guard taken > 0, let base else { return [] }
        var members = spare.popLast() ?? []
        // Room made by `reserveCapacity`, specialized for members: made by
        // `init(unsafeUninitializedCapacity:)`, which the standard library
        // does not specialize, each array looked up its storage's type at
        // run time (360 instructions, 3% of parsing a row).
        members.reserveCapacity(taken)
        // One at a time: appended together, as a sequence moving each out,
        // they cost a fifth more.
        for index in mark..<count { members.append((base + index).move()) }
        count = mark
        // A screen's tens of thousands of rows parsed in place grew the
        // stack to hold them: let it go rather than keep it for rows of
        // a few members.
        if count == 0, capacity > Self.keptCapacity {
            base.deallocate()
            self.base = nil
            capacity = 0
        }
        return members
    }

    /// Room kept once the stack is empty again.
    private static let keptCapacity = 4096

    private func grow() {
        let larger = max(capacity * 2, 64)
        let grown = UnsafeMutablePointer<Member>.allocate(capacity: larger)
        if let base {
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = grown
        capacity = larger
    }
}
