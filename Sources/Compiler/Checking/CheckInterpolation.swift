// Text from values: `"\(nights) nights, \(fixed(total, 2)) €"`. Each value
// must have a text form (numbers, percentages, bools, strings, enum cases);
// the interpolation becomes the values' texts joined with `+`, so constant
// ones fold to one string and the runtime needs only `text` and `fixed`.

import StackParser

extension TypeChecker {
    mutating func inferInterpolation(_ parts: [InterpolationPart], scope: Scope) -> Checked {
        var pieces: [TypedExpr] = []
        var failed = false
        for part in parts {
            switch part {
            case .text(let text):
                if !text.isEmpty { pieces.append(.constant(.string(text))) }
            case .expr(let expr):
                let (typed, type) = infer(expr, expected: nil, scope: scope)
                guard let type else {
                    failed = true
                    continue
                }
                switch type {
                case .string:
                    pieces.append(typed)
                case .number, .percent, .length, .bool, .enumeration:
                    pieces.append(ConstantFolder.foldNode(.text(typed, type)))
                case .color, .duration:
                    let hint = type == .color
                        ? "a colour has no text form; show it with a Text of its own, or write the name you want in the string"
                        : "a duration has no text form; interpolate a number of seconds or milliseconds instead"
                    error(.notShownInText, expr.span, "cannot show \(type) in text: \(hint)")
                    failed = true
                }
            }
        }
        guard !failed else { return (.invalid, nil) }
        return (Self.joined(pieces[...]), .string)
    }

    /// The pieces' texts joined by `+`, as a balanced tree (so that a long
    /// interpolation stays shallow), folded where constant.
    static func joined(_ pieces: ArraySlice<TypedExpr>) -> TypedExpr {
        switch pieces.count {
        case 0: return .constant(.string(""))
        case 1: return pieces[pieces.startIndex]
        default:
            let middle = pieces.startIndex + pieces.count / 2
            return ConstantFolder.foldNode(.binary(.add, joined(pieces[..<middle]), joined(pieces[middle...])))
        }
    }

    /// `fixed(x, digits)`: a number and a constant count of decimals, 0–15.
    mutating func inferFixed(_ arguments: [Expr], scope: Scope) -> Checked {
        let x = check(arguments[0], expecting: .number, scope: scope, what: "'fixed'")
        let digits = check(arguments[1], expecting: .number, scope: scope, what: "the digits of 'fixed'")
        guard x != .invalid, digits != .invalid else { return (.invalid, nil) }
        guard case .number(let count)? = constantValue(digits) else {
            error(.notConstant, arguments[1].span, "the number of decimals of 'fixed' must be a constant, as in 'fixed(total, 2)'")
            return (.invalid, nil)
        }
        guard count >= 0, count <= 15, count == count.rounded() else {
            error(.valueOutOfRange, arguments[1].span, "'fixed' shows 0 to 15 decimals, found \(Self.format(count))")
            return (.invalid, nil)
        }
        return (.call(.fixed, [x, digits]), .string)
    }
}
