// Renumbering a lowered screen's state slots and enums. A screen lowered
// while it is checked (StreamingLowering) cannot know yet which of the
// environment's slots the program reads — a `light-dark` in its last row
// adds one — so it is lowered as if all of them were read, and the slots
// and enums nobody reads are taken out here once checking is over. The
// result is the screen lowering would have made knowing the environment
// from the start, byte for byte.

import StackRuntime

/// Old slot and enum indices → new ones (nil: taken out).
struct SlotRenumbering {
    var slots: [Int?]
    var enums: [Int?]

    /// The renumbering that takes out the slots named `removed` (and the
    /// enums named `removedEnums`) from `model`, closing the gaps.
    init(_ model: ScreenModel, removing removed: Set<String>, removingEnums removedEnums: Set<String>) {
        slots = Self.closingGaps(model.state.map(\.name), removing: removed)
        enums = Self.closingGaps(model.enums.map(\.name), removing: removedEnums)
    }

    /// Each of `names`' new index once those in `removed` are taken out.
    private static func closingGaps(_ names: [String], removing removed: Set<String>) -> [Int?] {
        var next = 0
        return names.map { name in
            guard !removed.contains(name) else { return nil }
            defer { next += 1 }
            return next
        }
    }

    /// Whether it changes nothing.
    var isIdentity: Bool {
        slots.enumerated().allSatisfy { $1 == $0 } && enums.enumerated().allSatisfy { $1 == $0 }
    }

    /// Nothing refers to a slot or enum taken out (what lowering assumed
    /// but the checker never wrote); should something, it reads slot 0.
    func slot(_ index: Int) -> Int { index >= 0 && index < slots.count ? slots[index] ?? 0 : index }

    func enumIndex(_ index: Int) -> Int { index >= 0 && index < enums.count ? enums[index] ?? 0 : index }

    func value(_ value: RuntimeValue) -> RuntimeValue {
        guard case .enumCase(let e, let c) = value else { return value }
        return .enumCase(enumIndex: enumIndex(e), caseIndex: c)
    }

    func type(_ type: RuntimeType) -> RuntimeType {
        guard case .enumeration(let e) = type else { return type }
        return .enumeration(enumIndex(e))
    }

    func apply(to model: inout ScreenModel) {
        model.enums = model.enums.indices.filter { enums[$0] != nil }.map { model.enums[$0] }
        model.state = StateSlots(model.state.indices.filter { slots[$0] != nil }.map { index in
            var slot = model.state[index]
            slot.type = type(slot.type)
            slot.initial = value(slot.initial)
            return slot
        })
        for index in model.expressions.constants.indices {
            if case .enumCase = model.expressions.constants[index] {
                model.expressions.constants[index] = value(model.expressions.constants[index])
            }
        }
        for index in model.expressions.code.indices {
            if case .state(let slot) = model.expressions.code[index] {
                model.expressions.code[index] = .state(UInt32(self.slot(Int(slot))))
            }
        }
        apply(to: &model.rows)
        for index in model.components.indices { apply(to: &model.components[index]) }
        for index in model.parameters.indices {
            model.parameters[index].type = type(model.parameters[index].type)
            model.parameters[index].defaultValue = model.parameters[index].defaultValue.map(value)
        }
        for index in model.data.indices {
            model.data[index].slots = model.data[index].slots.map(slot)
            apply(to: &model.data[index].record)
        }
        for index in model.repeaters.indices { apply(to: &model.repeaters[index].template) }
    }

    private func apply(to template: inout ComponentTemplate) {
        template.states = template.states.map(slot)
        apply(to: &template.rows)
    }

    private func apply(to rows: inout some MutableCollection<RowModel>) {
        for index in rows.indices {
            // Only rows whose taps set state change (most share their
            // details with rows like them, and keep sharing them).
            guard rows[index].tap.contains(where: { if case .toggle = $0 { true } else if case .set = $0 { true } else { false } }) else {
                continue
            }
            rows[index].tap = actions(rows[index].tap)
        }
    }

    /// `tap` with the slots its actions set renumbered.
    func actions(_ tap: [ActionModel]) -> [ActionModel] {
        tap.map { action in
            switch action {
            case .toggle(let state): .toggle(state: slot(state))
            case .set(let state, let value): .set(state: slot(state), value: value)
            default: action
            }
        }
    }

    private func apply(to record: inout RecordModel) {
        for index in record.fields.indices {
            record.fields[index].type = type(record.fields[index].type)
            record.fields[index].defaultValue = record.fields[index].defaultValue.map(value)
            for element in record.fields[index].element.indices { apply(to: &record.fields[index].element[element]) }
        }
    }
}
