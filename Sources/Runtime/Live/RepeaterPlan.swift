// What binding needs to know of a `for` once, not once per element: its
// template's plan, where each value that template reads comes from, the
// `for`s nested in it, and whether its rows read the element's place.

/// How the rows of one `for` are made and re-made.
struct RepeaterPlan: Sendable {
    /// Where a planned parameter's value comes from.
    enum Source: Sendable {
        case field(Int)
        case index
        /// A parameter of an enclosing `for`'s element.
        case outer(Int)
    }

    var template: TemplatePlan
    /// Aligned with `template.parameters`.
    let sources: [Source]
    /// The `for`s nested directly in this one, later ones first (an
    /// earlier one placed after the same row then goes before them).
    let children: [Int]
    /// Whether the rows read `index` (a moved element is made again then).
    let readsIndex: Bool
    /// Whether a stack of the template reads a parameter, or `for`s are
    /// nested in it: an element's values then cannot be patched in place.
    let editsInPlace: Bool

    init(_ index: Int, in model: ScreenModel) {
        let repeater = model.repeaters[index]
        template = TemplatePlan(repeater.template, in: model)
        sources = template.parameters.map { parameter in
            if parameter == repeater.indexParameter { return .index }
            if let field = repeater.fieldParameters.firstIndex(of: parameter) { return .field(field) }
            return .outer(parameter)
        }
        children = model.repeaters.indices.reversed().filter { model.repeaters[$0].parent == index }
        readsIndex = repeater.indexParameter >= 0 && template.parameters.contains(repeater.indexParameter)
        editsInPlace = children.isEmpty && !template.stacksRead
    }
}
