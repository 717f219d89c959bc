// The language server in process: every handler, at positions marked in the
// test sources with ⟪name⟫ (the marker is removed; its place is the position).

import Foundation
import StackTooling
import XCTest

final class LanguageServerTests: XCTestCase {
    /// A server with documents opened from marked sources in a temporary folder.
    final class Session {
        let server = LanguageServer()
        let directory: URL
        var markers: [String: (uri: String, line: Int, character: Int)] = [:]
        var published: [String: [[String: Any]]] = [:]
        private var nextID = 1

        init(utf8: Bool = false) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackc-lsp-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var capabilities: [String: Any] = [:]
            if utf8 { capabilities["general"] = ["positionEncodings": ["utf-8", "utf-16"]] }
            _ = request("initialize", ["capabilities": capabilities])
            _ = server.handle(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        /// Writes `name` (markers removed) to disk and, unless `open` is false, opens it.
        @discardableResult
        func file(_ name: String, _ marked: String, open: Bool = true) throws -> String {
            let url = directory.appendingPathComponent(name)
            var text = ""
            var line = 0, character = 0
            var rest = Substring(marked)
            while !rest.isEmpty {
                if rest.hasPrefix("⟪"), let close = rest.firstIndex(of: "⟫") {
                    let marker = String(rest[rest.index(after: rest.startIndex)..<close])
                    markers[marker] = (url.absoluteString, line, character)
                    rest = rest[rest.index(after: close)...]
                    continue
                }
                let c = rest.removeFirst()
                text.append(c)
                if c == "\n" {
                    line += 1
                    character = 0
                } else {
                    character += c.utf16.count
                }
            }
            try text.write(to: url, atomically: true, encoding: .utf8)
            if open { notify("textDocument/didOpen", ["textDocument": ["uri": url.absoluteString, "languageId": "stack", "version": 1, "text": text]]) }
            return url.absoluteString
        }

        func notify(_ method: String, _ params: [String: Any]) {
            record(server.handle(["jsonrpc": "2.0", "method": method, "params": params]))
        }

        func request(_ method: String, _ params: [String: Any]) -> [String: Any] {
            let id = nextID
            nextID += 1
            let replies = server.handle(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
            record(replies)
            return replies.first { ($0["id"] as? Int) == id } ?? [:]
        }

        private func record(_ messages: [[String: Any]]) {
            for message in messages where message["method"] as? String == "textDocument/publishDiagnostics" {
                guard let params = message["params"] as? [String: Any], let uri = params["uri"] as? String else { continue }
                published[uri] = params["diagnostics"] as? [[String: Any]] ?? []
            }
        }

        /// `{textDocument, position}` at a marker.
        /// Where `textDocument/definition` at `marker` points: (line, character).
        func definitionStart(_ marker: String) -> (Int, Int)? {
            guard let result = request("textDocument/definition", at(marker))["result"] as? [String: Any],
                let start = (result["range"] as? [String: Any])?["start"] as? [String: Int]
            else { return nil }
            return (start["line"] ?? -1, start["character"] ?? -1)
        }

        /// The (line, character) of `marker`.
        func place(_ marker: String) -> (Int, Int) { (markers[marker]?.line ?? -1, markers[marker]?.character ?? -1) }

        func at(_ marker: String) -> [String: Any] {
            let place = markers[marker]!
            return ["textDocument": ["uri": place.uri], "position": ["line": place.line, "character": place.character]]
        }

        func labels(_ marker: String) -> [String] {
            let result = request("textDocument/completion", at(marker))["result"] as? [String: Any]
            return (result?["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        }
    }

    static let components = """
        // Shared rows.
        component ⟪chipDecl⟫Chip(⟪labelDecl⟫label: string, tint: color = #E5E5EA): Text {
            text: ⟪labelUse⟫label
            background: tint
        }
        enum ⟪tabDecl⟫Tab { ⟪infoDecl⟫info, photos }

        """

    static let screen = """
        import "⟪importPath⟫components.stack"

        // The hotel.
        screen Hotel {
            state ⟪openDecl⟫open: bool = false
            state tab: Tab = .⟪infoUse1⟫info
            Text ⟪titleDecl⟫title { ⟪propertyStart⟫text: "Hi"  ⟪size⟫size: 40  weight: ⟪weightValue⟫bold  tap: toggle(⟪openUse1⟫open), scroll-to(⟪titleUse⟫title, top) }
            ⟪chipUse⟫Chip { ⟪chipMember⟫label: "Pool" }
            Text { text: "x"  hidden: !⟪openUse2⟫open  ⟪hiddenStart⟫}
            Text { text: "y"  hidden: tab == .⟪dot⟫photos  background: #FF0000  color: ⟪colorValue⟫blue }
            Stack {
                ⟪inStack⟫
                transition show { ⟪inTransition⟫duration: 300ms  curve: ⟪curveValue⟫ease-in  from { ⟪inKeyframe⟫alpha: 0 } }
            }
            ⟪rootMember⟫
        }

        """

    func testDiagnosticsQuickFixesAndRechecking() throws {
        let session = try Session()
        let uri = try session.file("bad.stack", "screen S {\n    Text { ⟪bad⟫hiden: true }\n}\n")
        let diagnostics = try XCTUnwrap(session.published[uri])
        XCTAssertEqual(diagnostics.count, 1)
        let first = diagnostics[0]
        XCTAssertEqual(first["code"] as? String, "E0200")
        XCTAssertEqual(((first["range"] as? [String: Any])?["start"] as? [String: Int])?["character"], 11)
        XCTAssertEqual((first["data"] as? [String: Any])?["replacement"] as? String, "hidden")
        let actions = session.request("textDocument/codeAction", [
            "textDocument": ["uri": uri], "range": first["range"] ?? [:], "context": ["diagnostics": diagnostics],
        ])["result"] as? [[String: Any]] ?? []
        XCTAssertEqual(actions.first?["title"] as? String, "Replace with 'hidden'")
        session.notify("textDocument/didChange", [
            "textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": "screen S {\n    Text { hidden: true }\n}\n"]],
        ])
        XCTAssertEqual(session.published[uri]?.count, 0)
    }

    func testAnUnsavedImportIsUsed() throws {
        let session = try Session()
        let components = try session.file("components.stack", "component Chip(label: string): Text { text: label }\n")
        let uri = try session.file("screen.stack", "import \"components.stack\"\nscreen S { Chip { label: \"a\" } }\n")
        XCTAssertEqual(session.published[uri]?.count, 0)
        // The import loses its component in the editor, unsaved: the screen sees it.
        session.notify("textDocument/didChange", [
            "textDocument": ["uri": components, "version": 2], "contentChanges": [["text": "component Tag(label: string): Text { text: label }\n"]],
        ])
        XCTAssertEqual(session.published[uri]?.count, 1, "\(session.published[uri] ?? [])")
    }

    func testCompletionByPlace() throws {
        let session = try Session()
        try session.file("components.stack", Self.components)
        try session.file("hotel.stack", Self.screen)
        let text = session.labels("propertyStart")
        for expected in ["text", "font", "weight", "size", "hidden", "tap", "separator"] { XCTAssertTrue(text.contains(expected), "Text: \(expected) in \(text)") }
        XCTAssertFalse(text.contains("source"), "an Image property offered in a Text")
        let root = session.labels("rootMember")
        for expected in ["Text", "Image", "View", "Spacer", "Stack", "Chip", "state", "spacing", "axis"] { XCTAssertTrue(root.contains(expected), "screen: \(expected)") }
        XCTAssertTrue(session.labels("inStack").contains("Chip"))
        XCTAssertTrue(session.labels("chipMember").contains("label"), "a component's parameters in an instance")
        XCTAssertTrue(session.labels("chipMember").contains("tint"))
        XCTAssertEqual(Set(session.labels("dot")), ["info", "photos"], "enum cases after a dot")
        XCTAssertTrue(session.labels("weightValue").contains("semibold"))
        XCTAssertTrue(session.labels("colorValue").contains("blue"), "colour names")
        XCTAssertTrue(session.labels("curveValue").contains("ease-in-out"))
        XCTAssertTrue(session.labels("inTransition").contains("delay"))
        XCTAssertTrue(session.labels("inKeyframe").contains("scale"))
        let hidden = session.labels("hiddenStart")
        XCTAssertTrue(hidden.contains("text"), "after a value, a new member: \(hidden)")
        XCTAssertTrue(session.labels("labelUse").contains("label"), "a component's own parameters in its body")
    }

    /// Completion at many places of a flow, a screen and a component: what
    /// each place must offer, and what it must not.
    func testCompletionAtDozensOfPlaces() throws {
        let session = try Session()
        try session.file("kinds.stack", """
            enum Mode { compact, regular }
            component Tag(label: string, tall: bool = false): Text {
                ⟪c1⟫
                text: ⟪c2⟫label
            }
            component Card(title: string): Stack {
                ⟪c3⟫
            }
            screen Kinds {
                state mode: Mode = .⟪c4⟫compact
                state count: number = 2
                ⟪c5⟫
                Image { ⟪c6⟫source: "x"  aspect: ⟪c7⟫1 }
                View { ⟪c8⟫host: "H" }
                Spacer { ⟪c9⟫size: 10 }
                Stack { axis: ⟪c10⟫vertical  ⟪c11⟫ }
                Text { align: ⟪c12⟫center  pin: ⟪c13⟫top  lines: 1 }
                Text { tap: ⟪c14⟫toggle(x) }
                Tag { ⟪c15⟫ }
                Card { ⟪c16⟫ }
                Text { separator { ⟪c17⟫color: #000 } }
                Text { hidden: mode == .⟪c18⟫compact }
                Text { size: count > 1 ? ⟪c19⟫fit : 20 }
                Text { behavior: ⟪c20⟫none }
                defaults { ⟪c21⟫insets: 0 }
                Text { color: ⟪c25⟫red  font: ⟪c26⟫17  accessibility { ⟪c27⟫label: "a"  traits: ⟪c28⟫header } }
            }
            flow Steps {
                ⟪c22⟫
                step One { ⟪c23⟫Text { text: "a" } }
                separation: ⟪c24⟫none
            }

            """)
        let expectations: [(String, [String], [String])] = [
            ("c1", ["text", "font", "weight", "lines"], ["source", "host"]),
            ("c2", ["label", "tall"], []),
            ("c3", ["Text", "Tag", "axis", "spacing", "padding"], ["font"]),
            ("c4", ["compact", "regular"], ["Text"]),
            ("c5", ["Text", "Image", "View", "Spacer", "Stack", "Tag", "Card", "state", "spacing", "defaults"], ["font", "label"]),
            ("c6", ["source", "aspect", "size", "separator", "transition", "accessibility"], ["font", "host", "props", "step"]),
            ("c8", ["host", "size", "props"], ["font", "source"]),
            ("c9", ["size", "insets"], ["font", "source"]),
            ("c10", ["vertical", "horizontal"], []),
            ("c11", ["Text", "axis", "spacing"], []),
            ("c12", ["leading", "center", "trailing"], []),
            ("c13", ["top", "bottom", "none"], []),
            ("c14", ["toggle(", "emit(\"", "scroll-to("], []),
            ("c15", ["label", "tall", "font"], ["source"]),
            ("c16", ["title", "axis"], ["font"]),
            ("c17", ["color", "thickness", "insets"], ["font", "size"]),
            ("c18", ["compact", "regular"], []),
            ("c19", ["mode", "count"], []),
            ("c20", ["none"], []),
            ("c21", ["insets", "background", "separator", "font", "transition"], ["size", "step", "Text"]),
            ("c22", ["step", "separation", "state"], ["Text", "from"]),
            ("c23", ["Text", "title"], ["font"]),
            ("c24", ["none"], []),
            ("c25", ["red", "system-background", "secondary-label", "light-dark("], ["body"]),
            ("c26", ["body", "headline", "large-title", "scaled("], ["label"]),
            ("c27", ["label", "hint", "traits", "hidden"], ["font", "Text"]),
            ("c28", ["button", "header", "image"], []),
        ]
        for (marker, present, absent) in expectations {
            let labels = session.labels(marker)
            for label in present { XCTAssertTrue(labels.contains(label), "\(marker): \(label) missing from \(labels.prefix(20))") }
            for label in absent { XCTAssertFalse(labels.contains(label), "\(marker): \(label) offered in \(labels)") }
        }
    }

    func testHover() throws {
        let session = try Session()
        try session.file("components.stack", Self.components)
        try session.file("hotel.stack", Self.screen)
        func hover(_ marker: String) -> String {
            let result = session.request("textDocument/hover", session.at(marker))["result"] as? [String: Any]
            return (result?["contents"] as? [String: Any])?["value"] as? String ?? ""
        }
        XCTAssertTrue(hover("size").contains("main-axis size"), hover("size"))
        XCTAssertTrue(hover("size").contains("default: fit"))
        XCTAssertTrue(hover("openUse1").contains("state open: bool = false"), hover("openUse1"))
        XCTAssertTrue(hover("chipUse").contains("component Chip(label: string, tint: color = #E5E5EA): Text"), hover("chipUse"))
        XCTAssertTrue(hover("infoUse1").contains("of enum Tab"))
        XCTAssertTrue(hover("labelUse").contains("parameter of Chip"))
    }

    func testDefinitionReferencesAndRename() throws {
        let session = try Session()
        let components = try session.file("components.stack", Self.components)
        let hotel = try session.file("hotel.stack", Self.screen)
        func definition(_ marker: String) -> (String, Int, Int)? {
            guard let result = session.request("textDocument/definition", session.at(marker))["result"] as? [String: Any],
                let start = (result["range"] as? [String: Any])?["start"] as? [String: Int]
            else { return nil }
            return (result["uri"] as? String ?? "", start["line"] ?? -1, start["character"] ?? -1)
        }
        func place(_ marker: String) -> (String, Int, Int) {
            let p = session.markers[marker]!
            return (p.uri, p.line, p.character)
        }
        XCTAssertTrue(definition("chipUse")! == place("chipDecl"), "component across files")
        XCTAssertTrue(definition("openUse2")! == place("openDecl"), "state")
        XCTAssertTrue(definition("titleUse")! == place("titleDecl"), "row id in scroll-to")
        XCTAssertTrue(definition("infoUse1")! == place("infoDecl"), "enum case across files")
        XCTAssertTrue(definition("labelUse")! == place("labelDecl"), "parameter")
        XCTAssertTrue(definition("importPath")! == (components, 0, 0), "an import's file")
        let references = session.request("textDocument/references", session.at("openDecl").merging(["context": ["includeDeclaration": true]]) { a, _ in a })["result"] as? [Any]
        XCTAssertEqual(references?.count, 3, "declaration, toggle(open), !open")
        let prepared = session.request("textDocument/prepareRename", session.at("openUse1"))["result"] as? [String: Any]
        XCTAssertEqual(prepared?["placeholder"] as? String, "open")
        let rename = session.request("textDocument/rename", session.at("chipUse").merging(["newName": "Pill"]) { a, _ in a })
        let changes = (rename["result"] as? [String: Any])?["changes"] as? [String: [[String: Any]]]
        XCTAssertEqual(changes?[components]?.count, 1)
        XCTAssertEqual(changes?[hotel]?.count, 1)
        XCTAssertNotNil(session.request("textDocument/rename", session.at("openUse1").merging(["newName": "9bad"]) { a, _ in a })["error"])
    }

    /// Names inside `"\\(…)"` are names like any other: definition,
    /// references, rename and hover find them.
    func testNamesInsideInterpolationsAreFound() throws {
        let session = try Session()
        let uri = try session.file("nights.stack", """
            screen Stay {
                state ⟪nightsDecl⟫nights: number = 2
                Text { text: "\\(⟪nightsUse1⟫nights) nights, \\(fixed(182 * ⟪nightsUse2⟫nights, 2)) €"  hidden: nights > 9 }
            }

            """)
        let definition = session.request("textDocument/definition", session.at("nightsUse1"))["result"] as? [String: Any]
        let start = (definition?["range"] as? [String: Any])?["start"] as? [String: Int]
        XCTAssertEqual(start?["line"], session.markers["nightsDecl"]!.line)
        XCTAssertEqual(start?["character"], session.markers["nightsDecl"]!.character)
        let references = session.request("textDocument/references", session.at("nightsUse2").merging(["context": ["includeDeclaration": true]]) { a, _ in a })["result"] as? [Any]
        XCTAssertEqual(references?.count, 4, "the declaration, two uses in the string, one in hidden")
        let rename = session.request("textDocument/rename", session.at("nightsUse1").merging(["newName": "stays"]) { a, _ in a })
        let edits = ((rename["result"] as? [String: Any])?["changes"] as? [String: [[String: Any]]])?[uri]
        XCTAssertEqual(edits?.count, 4)
        let hover = session.request("textDocument/hover", session.at("nightsUse2"))["result"] as? [String: Any]
        XCTAssertTrue("\(hover ?? [:])".contains("number"), "\(hover ?? [:])")
    }

    /// Records, their fields and a screen's data are names too: through a
    /// `for`'s element and through single-record data.
    func testRecordsFieldsAndDataAreFound() throws {
        let session = try Session()
        let uri = try session.file("data.stack", """
            record ⟪recordDecl⟫Amenity { id: string  ⟪titleDecl⟫title: string }
            record Hotel { ⟪nameDecl⟫name: string }
            screen Stay {
                data ⟪dataDecl⟫amenities: [⟪recordUse⟫Amenity]
                data hotel: Hotel
                Text { text: hotel.⟪nameUse⟫name }
                for a in ⟪dataUse1⟫amenities key a.id {
                    Text amenity { text: a.⟪titleUse1⟫title }
                    Text { text: "\\(a.⟪titleUse2⟫title)!"  hidden: count(⟪dataUse2⟫amenities) > 3 }
                }
            }

            """)
        let definition = session.definitionStart, place = session.place
        XCTAssertTrue(definition("titleUse1").map { $0 == place("titleDecl") } ?? false, "a field through a for's element")
        XCTAssertTrue(definition("titleUse2").map { $0 == place("titleDecl") } ?? false, "inside an interpolation")
        XCTAssertTrue(definition("nameUse").map { $0 == place("nameDecl") } ?? false, "a field through single-record data")
        XCTAssertTrue(definition("recordUse").map { $0 == place("recordDecl") } ?? false, "a record named as a type")
        XCTAssertTrue(definition("dataUse2").map { $0 == place("dataDecl") } ?? false, "data in count()")
        let references = session.request("textDocument/references", session.at("dataUse1").merging(["context": ["includeDeclaration": true]]) { a, _ in a })["result"] as? [Any]
        XCTAssertEqual(references?.count, 3, "the declaration, the for, count()")
        let rename = session.request("textDocument/rename", session.at("titleDecl").merging(["newName": "label"]) { a, _ in a })
        let edits = ((rename["result"] as? [String: Any])?["changes"] as? [String: [[String: Any]]])?[uri]
        XCTAssertEqual(edits?.count, 3, "the field and its two reads")
        let hover = session.request("textDocument/hover", session.at("recordUse"))["result"] as? [String: Any]
        XCTAssertTrue("\(hover ?? [:])".contains("record Amenity { id: string  title: string }"), "\(hover ?? [:])")
    }

    /// Nested data: a field through a nested record (`d.price.amount`), a
    /// nested `for`'s element over a list field, its list field itself.
    func testNestedRecordsAndForsAreFound() throws {
        let session = try Session()
        let uri = try session.file("menu.stack", """
            record Price { ⟪amountDecl⟫amount: number }
            record Dish { ⟪nameDecl⟫name: string  price: Price }
            record Section { id: string  ⟪dishesDecl⟫dishes: [Dish] }
            record Place { address: Price  specials: [Dish] }
            screen Menu {
                data sections: [Section]
                data place: Place
                Text { text: "\\(place.address.⟪amountUse1⟫amount)" }
                for x in place.specials { Text { text: x.⟪nameUse1⟫name } }
                for s in sections key s.id {
                    Text { text: "\\(count(s.⟪dishesUse1⟫dishes))" }
                    for d in s.⟪dishesUse2⟫dishes {
                        Text dish { text: "\\(d.⟪nameUse2⟫name) \\(d.price.⟪amountUse2⟫amount)" }
                    }
                    // After the inner `for`, in the outer one.
                    Text { text: "\\(count(s.⟪dishesUse3⟫dishes))" }
                }
                for d in place.specials { Text { text: d.price.⟪amountUse3⟫amount } }
            }

            """)
        let definition = session.definitionStart, place = session.place
        for (use, decl) in [
            ("amountUse1", "amountDecl"), ("amountUse2", "amountDecl"), ("nameUse1", "nameDecl"), ("nameUse2", "nameDecl"),
            ("dishesUse1", "dishesDecl"), ("dishesUse2", "dishesDecl"), ("dishesUse3", "dishesDecl"), ("amountUse3", "amountDecl"),
        ] {
            XCTAssertTrue(definition(use).map { $0 == place(decl) } ?? false, "\(use) → \(decl): \(String(describing: definition(use)))")
        }
        let rename = session.request("textDocument/rename", session.at("amountDecl").merging(["newName": "value"]) { a, _ in a })
        let edits = ((rename["result"] as? [String: Any])?["changes"] as? [String: [[String: Any]]])?[uri]
        XCTAssertEqual(edits?.count, 4, "the field and its three reads through nested records")
    }

    /// Names resolved in a file of thousands of screens and of thousands
    /// of rows: every name was resolved by walking every declaration (and
    /// a screen's rows for ids), so semantic tokens of 4,000 screens took
    /// 9.7 s in a release build, 20,000 154 s. A bound of a minute for what
    /// takes some 8 s in a debug build at 10,000: it fails only if
    /// resolving grows with the file again.
    func testSemanticTokensAndReferencesInALargeFile() throws {
        let session = try Session()
        let count = 10_000
        var text = "record E { id: string  name: string }\n"
        text += (0..<count).map { "screen S\($0) {\n    state on = false\n    Text t { text: \"x\"  hidden: on }\n}\n" }.joined()
        text += "screen Big {\n    state ⟪bigOn⟫open = false\n    data items: [E]\n"
        text += (0..<count).map { "    Text r\($0) { text: \"x\"  hidden: open  tap: scroll-to(r\(count - 1 - $0)) }\n" }.joined()
        text += "    for e in items key e.id { Text { text: e.name } }\n}\n"
        let uri = try session.file("large.stack", text)
        let started = Date()
        let tokens = session.request("textDocument/semanticTokens/full", ["textDocument": ["uri": uri]])
        let data = (tokens["result"] as? [String: Any])?["data"] as? [Int] ?? []
        // The legend the server gave at `initialize` names the types.
        let legend = ((session.request("initialize", ["capabilities": [:]])["result"] as? [String: Any])?["capabilities"] as? [String: Any])
            .flatMap { ($0["semanticTokensProvider"] as? [String: Any])?["legend"] as? [String: Any] }
        let variable = (legend?["tokenTypes"] as? [String])?.firstIndex(of: "variable") ?? -1
        // Each small screen's state (declared, read) and row id; Big's
        // state (declared, read on every row), data (declared, read by the
        // `for`) and row ids (declared, scrolled to).
        let variables = stride(from: 3, to: data.count, by: 5).filter { data[$0] == variable }.count
        XCTAssertEqual(variables, 3 * count + (1 + count) + 2 + 2 * count, "states, data and row ids typed as variables")
        let references = session.request("textDocument/references", session.at("bigOn").merging(["context": ["includeDeclaration": true]]) { a, _ in a })
        XCTAssertEqual((references["result"] as? [Any])?.count, count + 1, "Big's state, declared and read on every row")
        XCTAssertLessThan(Date().timeIntervalSince(started), 60, "resolving names is quadratic again")
    }

    func testStructureFormattingAndColours() throws {
        let session = try Session()
        try session.file("components.stack", Self.components)
        let hotel = try session.file("hotel.stack", Self.screen)
        let document = ["textDocument": ["uri": hotel]]
        let symbols = session.request("textDocument/documentSymbol", document)["result"] as? [[String: Any]] ?? []
        XCTAssertEqual(symbols.map { $0["name"] as? String }, ["Hotel"])
        let children = (symbols.first?["children"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        XCTAssertEqual(children, ["open", "tab", "title"])
        let folding = session.request("textDocument/foldingRange", document)["result"] as? [[String: Any]] ?? []
        XCTAssertTrue(folding.contains { ($0["startLine"] as? Int) == 3 }, "the screen's block folds: \(folding)")
        let tokens = (session.request("textDocument/semanticTokens/full", document)["result"] as? [String: Any])?["data"] as? [Int] ?? []
        XCTAssertEqual(tokens.count % 5, 0)
        XCTAssertGreaterThan(tokens.count / 5, 30)
        let edits = session.request("textDocument/formatting", document)["result"] as? [[String: Any]] ?? []
        XCTAssertEqual(edits.count, 1, "the marked source is not canonical (one-line rows have odd spacing)")
        let colours = session.request("textDocument/documentColor", document)["result"] as? [[String: Any]] ?? []
        XCTAssertEqual(colours.count, 1)
        XCTAssertEqual((colours.first?["color"] as? [String: Double])?["red"], 1)
        let presentation = session.request("textDocument/colorPresentation", [
            "textDocument": ["uri": hotel], "color": ["red": 0.0, "green": 0.5, "blue": 1.0, "alpha": 1.0],
            "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]],
        ])["result"] as? [[String: Any]]
        XCTAssertEqual(presentation?.first?["label"] as? String, "#0080FF")
    }

    func testPositionsCountUTF16UnlessUTF8WasOffered() throws {
        for utf8 in [false, true] {
            let session = try Session(utf8: utf8)
            let uri = try session.file("emoji.stack", "screen S {\n    Text { text: \"🏨\"  ⟪bad⟫hiden: true }\n}\n")
            let start = (session.published[uri]?.first?["range"] as? [String: Any])?["start"] as? [String: Int]
            XCTAssertEqual(start?["character"], utf8 ? 25 : 23, "🏨 is 2 UTF-16 units and 4 UTF-8 bytes")
        }
    }

    func testLifecycleAndUnknownMethods() throws {
        let session = try Session()
        let unknown = session.request("textDocument/unknownThing", [:])
        XCTAssertEqual((unknown["error"] as? [String: Any])?["code"] as? Int, -32601)
        XCTAssertTrue(session.server.handle(["jsonrpc": "2.0", "method": "$/unknownNotification", "params": [:]]).isEmpty)
        _ = session.request("shutdown", [:])
        XCTAssertTrue(session.server.shutdownRequested)
        session.notify("exit", [:])
        XCTAssertEqual(session.server.exitCode, 0)
    }
}

private func == (a: (String, Int, Int), b: (String, Int, Int)) -> Bool { a.0 == b.0 && a.1 == b.1 && a.2 == b.2 }

/// Hostile and broken input: every handler at random positions of the
/// samples, cut and damaged at random, answers without crashing — and
/// malformed messages get errors, not crashes.
final class LanguageServerRobustnessTests: XCTestCase {
    func testEveryHandlerAtRandomPlacesOfDamagedFiles() throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("samples")
        var texts: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted() where name.hasSuffix(".stack") {
            texts.append(try String(contentsOf: samples.appendingPathComponent(name), encoding: .utf8))
        }
        var seed: UInt64 = 0x15F
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(max(1, bound)))
        }
        let session = try LanguageServerTests.Session()
        let uri = try session.file("fuzz.stack", "")
        let methods = [
            "textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/references",
            "textDocument/prepareRename", "textDocument/documentSymbol", "textDocument/foldingRange",
            "textDocument/semanticTokens/full", "textDocument/formatting", "textDocument/documentColor", "textDocument/codeAction",
        ]
        let rounds = ProcessInfo.processInfo.environment["STACKC_LONG_TESTS"] == "1" ? 600 : 80
        for round in 0..<rounds {
            var characters = Array(texts[next(texts.count)])
            // Cut, duplicate or scramble a stretch.
            let a = next(characters.count), b = min(characters.count, a + next(40))
            switch next(4) {
            case 0: characters.removeSubrange(a..<b)
            case 1: characters.insert(contentsOf: characters[a..<b], at: next(characters.count))
            case 2: characters.replaceSubrange(a..<b, with: Array("{{\"}}.:(-".shuffled().prefix(b - a)))
            default: characters = Array(characters.prefix(a))
            }
            let text = String(characters)
            session.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": round + 2], "contentChanges": [["text": text]]])
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for method in methods {
                let line = next(lines.count + 2) - 1
                let character = next((line >= 0 && line < lines.count ? lines[line].utf16.count : 5) + 3) - 1
                var params: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
                params["context"] = ["includeDeclaration": true, "diagnostics": session.published[uri] ?? []]
                let reply = session.request(method, params)
                XCTAssertTrue(reply["result"] != nil || reply["error"] != nil, "\(method) in round \(round)")
            }
            _ = session.request("textDocument/rename", ["textDocument": ["uri": uri], "position": ["line": next(lines.count), "character": next(30)], "newName": "renamed"])
        }
        // Malformed requests: wrong types, missing fields, unknown documents.
        for params: [String: Any] in [[:], ["textDocument": "nope"], ["textDocument": ["uri": 5]], ["position": ["line": "x"]],
                                      ["textDocument": ["uri": "file:///unknown.stack"], "position": ["line": -5, "character": -1]]] {
            for method in methods + ["textDocument/rename", "textDocument/colorPresentation"] {
                let reply = session.request(method, params)
                XCTAssertTrue(reply["result"] != nil || reply["error"] != nil, method)
            }
        }
    }
}
