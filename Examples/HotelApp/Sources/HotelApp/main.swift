// Exercises the Swift that StackcPlugin generates from hotel.stack: state,
// enums, layout, the frame of a row, taps and their events, inserting a
// component, and binding data through the generated record struct. Its output
// is compared with expected-output.txt by .ci/run.

import StackRuntime

func describe(_ rect: Rect?) -> String {
    guard let rect else { return "none" }
    return "x \(rect.x) y \(rect.y) w \(rect.width) h \(rect.height)"
}

do {
    let screen = try HotelScreen()              // loads the embedded compiled screen
    print("rows with ids:", HotelScreen.Row.allCases.map(\.rawValue).joined(separator: ", "))
    print("tags expanded:", screen.tagsExpanded, "tab:", screen.tab, "nights:", screen.nights)
    print("tags before:", describe(screen.frame(of: .tags)))

    screen.tagsExpanded = true                  // typed state: a Bool
    screen.tab = .photos                        // the file's enum Tab, as a Swift enum
    print("tags after:", describe(screen.frame(of: .tags)))
    print("gallery shown:", describe(screen.frame(of: .gallery)))

    let layout = screen.layout(width: 390, height: 844)
    let frame: Rect? = layout.frame(of: .gallery)
    print("layout at 390 × 844: gallery", describe(frame), "content height", layout.contentHeight)
    print("layout at 600 × 800: gallery", describe(screen.layout(width: 600, height: 800).frame(of: .gallery)))

    // A tap on the tags row toggles it and emits "tagsToggled".
    let tags = screen.frame(of: .tags)
    for event in screen.tap(x: 20, y: (tags?.y ?? 0) + 10) {
        if case .emitted(.tagsToggled) = event { print("tap: tags toggled") }
        if case .other(let action) = event { print("tap:", action.text) }
    }
    print("tags expanded after the tap:", screen.tagsExpanded)

    // A component instance, by its typed constructor.
    let inserted = screen.insert(.chip(label: "Sauna"), after: .amenities)
    print("inserted a chip:", inserted != nil, "at", describe(inserted.flatMap { screen.live.frame(of: $0) }))
    print("pricing before:", screen.showPricing)
    screen.showPricing = true
    print("pricing total:", describe(screen.frame(of: .total)))
    print("content height:", screen.live.contentHeight)

    // Data, by the generated record struct and setter: rows per amenity.
    try screen.setAmenities([
        HotelScreen.Amenity(id: "pool", title: "Outdoor pool", featured: true),
        HotelScreen.Amenity(id: "spa", title: "Spa \"Azur\"", price: 35),
    ])
    print("amenity rows:", screen.live.rows.compactMap { screen.live.id(of: $0) }.filter { $0.hasPrefix("amenity[") })
    print("content height with amenities:", screen.live.contentHeight)
} catch {
    print("error:", error)
}
