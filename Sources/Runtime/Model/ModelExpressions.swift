// The one list of every expression a row or a stack holds. Everything that
// must see them all — instantiating a component template at run time,
// working out which rows read which state — goes through `mapExpressions` /
// `forEachExpression`, so a field added to the model cannot be missed in one
// place and not another (a transition's keyframes once were).

extension EdgeExprs {
    func forEach(_ body: (ExprRef) -> Void) {
        body(top)
        body(right)
        body(bottom)
        body(left)
    }

    func mapExpressions(_ transform: (ExprRef) -> ExprRef) -> EdgeExprs {
        EdgeExprs(top: transform(top), right: transform(right), bottom: transform(bottom), left: transform(left))
    }
}

extension KeyframeModel {
    func mapExpressions(_ transform: (ExprRef) -> ExprRef) -> KeyframeModel {
        KeyframeModel(alpha: alpha.map(transform), offsetX: offsetX.map(transform), offsetY: offsetY.map(transform), scale: scale.map(transform))
    }
}

extension RowModel {
    /// This row with every expression replaced by `transform` of it.
    func mapExpressions(_ transform: (ExprRef) -> ExprRef) -> RowModel {
        var row = self
        row.rewriteExpressions(transform)
        return row
    }

    /// Replaces every expression of the row by `transform` of it, in place
    /// (instantiating a template rewrites rows already in the model: a row
    /// is a large value, and a copy of it cost more than the rewriting).
    mutating func rewriteExpressions(_ transform: (ExprRef) -> ExprRef) {
        switch content {
        case .text(let text, let font, let lines, let color, let weight, let align):
            content = .text(text: transform(text), font: transform(font), lines: transform(lines), color: transform(color), weight: weight, align: align)
        case .image(let source, let aspect):
            content = .image(source: transform(source), aspect: aspect.map(transform))
        case .view(let host, let props):
            content = .view(host: transform(host), props: props.map { PropModel(name: $0.name, value: transform($0.value)) })
        case .spacer, .stack:
            break
        }
        size = transform(size)
        min = min.map(transform)
        max = max.map(transform)
        insets = insets.mapExpressions(transform)
        background = transform(background)
        highlight = transform(highlight)
        hidden = transform(hidden)
        if let separator {
            self.separator = SeparatorModel(
                color: transform(separator.color), thickness: transform(separator.thickness), insets: separator.insets.mapExpressions(transform))
        }
        for index in tap.indices {
            switch tap[index] {
            case .set(let slot, let value): tap[index] = .set(state: slot, value: transform(value))
            case .insert(let component, let arguments, let id, let place):
                tap[index] = .insert(
                    component: component, arguments: arguments.map { ArgumentModel(name: $0.name, value: transform($0.value)) },
                    id: id, place: place)
            default: break
            }
        }
        for index in transitions.indices {
            transitions[index].duration = transform(transitions[index].duration)
            transitions[index].delay = transform(transitions[index].delay)
            transitions[index].from = transitions[index].from?.mapExpressions(transform)
            transitions[index].to = transitions[index].to?.mapExpressions(transform)
        }
        if let a = accessibility {
            accessibility = AccessibilityModel(label: a.label.map(transform), hint: a.hint.map(transform), traits: a.traits, hidden: a.hidden.map(transform))
        }
    }

    /// Calls `body` with every expression of the row.
    func forEachExpression(_ body: (ExprRef) -> Void) {
        _ = mapExpressions { ref in
            body(ref)
            return ref
        }
    }

    /// Calls `body` with the expressions that decide the row's layout: its
    /// size, limits, insets, hidden flag, separator and measured content
    /// (not colours, taps or transitions).
    func forEachLayoutExpression(_ body: (ExprRef) -> Void) {
        // Called once per row of every full layout: no arrays built here.
        body(size)
        body(hidden)
        insets.forEach(body)
        if let min { body(min) }
        if let max { body(max) }
        if let separator {
            body(separator.thickness)
            separator.insets.forEach(body)
        }
        switch content {
        case .text(let text, let font, let lines, _, _, _):
            body(text)
            body(font)
            body(lines)
        case .image(_, let aspect): if let aspect { body(aspect) }
        case .view, .spacer, .stack: break
        }
    }
}

extension StackModel {
    /// This stack with every expression replaced by `transform` of it.
    func mapExpressions(_ transform: (ExprRef) -> ExprRef) -> StackModel {
        var stack = self
        stack.padding = padding.mapExpressions(transform)
        stack.spacing = transform(spacing)
        stack.hideLastSeparator = transform(hideLastSeparator)
        stack.background = transform(background)
        return stack
    }

    /// The expressions that decide the stack's layout.
    func forEachLayoutExpression(_ body: (ExprRef) -> Void) {
        body(spacing)
        body(hideLastSeparator)
        padding.forEach(body)
    }
}
