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
        switch content {
        case .text(let text, let font, let lines, let color, let weight, let align):
            row.content = .text(text: transform(text), font: transform(font), lines: transform(lines), color: transform(color), weight: weight, align: align)
        case .image(let source, let aspect):
            row.content = .image(source: transform(source), aspect: aspect.map(transform))
        case .view(let host, let props):
            row.content = .view(host: transform(host), props: props.map { PropModel(name: $0.name, value: transform($0.value)) })
        case .spacer, .stack:
            break
        }
        row.size = transform(size)
        row.min = min.map(transform)
        row.max = max.map(transform)
        row.insets = insets.mapExpressions(transform)
        row.background = transform(background)
        row.highlight = transform(highlight)
        row.hidden = transform(hidden)
        row.separator = separator.map {
            SeparatorModel(color: transform($0.color), thickness: transform($0.thickness), insets: $0.insets.mapExpressions(transform))
        }
        row.tap = tap.map { action in
            switch action {
            case .set(let slot, let value): .set(state: slot, value: transform(value))
            case .insert(let component, let arguments, let id, let place):
                .insert(
                    component: component, arguments: arguments.map { ArgumentModel(name: $0.name, value: transform($0.value)) },
                    id: id, place: place)
            default: action
            }
        }
        row.transitions = transitions.map { transition in
            var copy = transition
            copy.duration = transform(transition.duration)
            copy.delay = transform(transition.delay)
            copy.from = transition.from?.mapExpressions(transform)
            copy.to = transition.to?.mapExpressions(transform)
            return copy
        }
        row.accessibility = accessibility.map { a in
            AccessibilityModel(label: a.label.map(transform), hint: a.hint.map(transform), traits: a.traits, hidden: a.hidden.map(transform))
        }
        return row
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
