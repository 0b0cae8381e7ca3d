import LoansCore

/// The list's state and navigation: which lines are on screen (from a top position), which
/// row has the cursor, the mode and the filter. Each move reads only the lines it shows —
/// a page around the cursor — so a key costs the same with ten loans or a million.
package struct AgendaBrowser {
    package private(set) var mode: ListMode = .agenda
    /// The filter text, nil when not filtering.
    package private(set) var filter: String?
    package private(set) var sections: [AgendaSection] = []
    /// The lines on screen, top to bottom.
    package private(set) var lines: [AgendaLine] = []
    /// The row with the cursor.
    package private(set) var cursor: LinePosition?
    /// Whether lines exist above the first and below the last shown.
    package private(set) var moreAbove = false
    package private(set) var moreBelow = false
    /// How many lines the list has on screen.
    package private(set) var height: Int

    private var top: LinePosition?
    private var walker: AgendaWalker?

    package init(height: Int) {
        self.height = max(1, height)
    }

    /// The loan under the cursor.
    package var selected: LoanStanding? {
        lines.first { $0.position == cursor }?.loan
    }

    /// Every count is zero: nothing to list.
    package var isEmpty: Bool { sections.allSatisfy { $0.count == 0 } }

    /// Reads counts and the lines on screen again (new data, a new day, a new size), keeping
    /// the top line and the cursor where they were; the cursor moves to the nearest row when
    /// its loan is gone.
    package mutating func reload(query: AgendaQuery, policy: DuePolicy, height: Int? = nil) throws {
        if let height { self.height = max(1, height) }
        let sections = try AgendaSection.sections(mode, filter: filter, policy: policy, query: query)
        self.sections = sections
        let walker = AgendaWalker(query: query, policy: policy, sections: sections, filter: filter)
        self.walker = walker
        let offset = cursorIndex
        let kept = cursor
        try show(from: top)
        if let kept, !lines.contains(where: { $0.position == kept }) {
            let above = try walker.backward(before: kept, count: min(offset ?? 0, self.height - 1))
            cursor = kept
            try show(from: above.last?.position ?? kept)
        }
    }

    /// Shows another view, back at the top (a view that cannot be filtered drops the filter).
    package mutating func setMode(_ mode: ListMode) throws {
        guard mode != self.mode else { return }
        self.mode = mode
        if !mode.canFilter { filter = nil }
        try restart()
    }

    /// Filters by title, counterparty or note (nil or empty: no filter), back at the top.
    package mutating func setFilter(_ text: String?) throws {
        let text = text.flatMap { $0.isEmpty ? nil : $0 }
        guard text != filter else { return }
        filter = text
        try restart()
    }

    /// Back at the top, read with the query and policy of the last reload.
    private mutating func restart() throws {
        top = nil
        cursor = nil
        guard let walker else { return }
        try reload(query: walker.query, policy: walker.policy)
    }

    // MARK: Moves

    package mutating func moveDown() throws {
        guard let walker, let index = cursorIndex else { return }
        if let next = lines[(index + 1)...].first(where: { $0.loan != nil }) {
            cursor = next.position
            return
        }
        guard let last = lines.last else { return }
        let ahead = try walker.forward(from: last.position, inclusive: false, count: 2)
        guard let row = ahead.firstIndex(where: { $0.loan != nil }) else { return }
        let shifted = lines + ahead[...row]
        try show(from: shifted[max(0, shifted.count - height)].position)
        cursor = ahead[row].position
        normalizeCursor()
    }

    package mutating func moveUp() throws {
        guard let walker, let index = cursorIndex else { return }
        if let previous = lines[..<index].last(where: { $0.loan != nil }) {
            cursor = previous.position
            if lines.first?.position == previous.position, moreAbove {
                try revealAbove(walker)
            }
            return
        }
        guard let first = lines.first else { return }
        let behind = try walker.backward(before: first.position, count: 2)
        if let row = behind.firstIndex(where: { $0.loan != nil }) {
            cursor = behind[row].position
            try show(from: behind[row].position)
            try revealAbove(walker)
        } else if let heading = behind.last {
            try show(from: heading.position)
        }
    }

    package mutating func pageDown() throws {
        let index = cursorIndex ?? 0
        let step = max(1, height - 1)
        guard step < lines.count, moreBelow else {
            cursor = lines.last { $0.loan != nil }?.position
            return
        }
        try show(from: lines[step].position)
        placeCursor(near: index)
    }

    package mutating func pageUp() throws {
        guard let walker, let first = lines.first else { return }
        let index = cursorIndex ?? 0
        let behind = try walker.backward(before: first.position, count: max(1, height - 1))
        guard let furthest = behind.last else {
            cursor = lines.first { $0.loan != nil }?.position
            return
        }
        try show(from: furthest.position)
        placeCursor(near: index)
    }

    /// The wheel: moves the lines on screen by `count` (up when negative), the cursor staying on
    /// its loan while it is shown, else on the nearest row.
    package mutating func scroll(by count: Int) throws {
        guard let walker, let first = lines.first, count != 0 else { return }
        let moved = count > 0
            ? (moreBelow ? try walker.forward(from: first.position, inclusive: false, count: count) : [])
            : try walker.backward(before: first.position, count: -count)
        guard let top = moved.last else { return }
        try show(from: top.position)
    }

    /// A click: the cursor on this row, when it is on screen.
    package mutating func select(_ position: LinePosition) {
        guard lines.contains(where: { $0.position == position && $0.loan != nil }) else { return }
        cursor = position
    }

    /// `g`: the first line, the cursor on the most urgent loan.
    package mutating func moveToFirst() throws {
        try show(from: nil)
        cursor = lines.first { $0.loan != nil }?.position
    }

    /// `G`: the last page, the cursor on the last loan.
    package mutating func moveToLast() throws {
        guard let walker else { return }
        let behind = try walker.backward(before: nil, count: height)
        guard let furthest = behind.last else { return }
        try show(from: furthest.position)
        cursor = lines.last { $0.loan != nil }?.position
    }

    /// Puts the cursor on the loan with this due date and id when the list holds it (after an
    /// add or an edit), with some lines above it for context. False when it is not listed.
    @discardableResult
    package mutating func focus(dueOn: CivilDate, id: LoanID) throws -> Bool {
        guard let walker, let section = walker.section(containing: dueOn) else { return false }
        let target = LinePosition.row(section, .due(DueOrderKey(dueOn: dueOn, id: id)))
        let above = try walker.backward(before: target, count: height / 2)
        let previous = (top, cursor)
        try show(from: above.last?.position ?? target)
        guard lines.contains(where: { $0.loan?.id == id }) else {
            (top, cursor) = previous
            try show(from: top)
            return false
        }
        cursor = target
        return true
    }

    // MARK: Window

    private var cursorIndex: Int? {
        lines.firstIndex { $0.position == cursor }
    }

    /// Shows the lines from `position` (the top when nil), pulled back so the screen stays full
    /// at the end of the list, and keeps the cursor on a shown row.
    private mutating func show(from position: LinePosition?) throws {
        guard let walker else { return }
        var shown = try walker.forward(from: position ?? walker.start, inclusive: true, count: height + 1)
        moreBelow = shown.count > height
        shown = Array(shown.prefix(height))
        if shown.count < height, let first = shown.first {
            let back = try walker.backward(before: first.position, count: height - shown.count)
            shown = back.reversed() + shown
        }
        lines = shown
        top = shown.first?.position
        moreAbove = top.map { $0 != walker.start } ?? false
        normalizeCursor()
    }

    /// Scrolls one line up when the line above the first shown is a heading, so a section's
    /// first row is never shown without its heading.
    private mutating func revealAbove(_ walker: AgendaWalker) throws {
        guard let first = lines.first else { return }
        let above = try walker.backward(before: first.position, count: 1)
        if let heading = above.first, heading.loan == nil {
            try show(from: heading.position)
        }
    }

    /// Keeps the cursor on a shown row: its own, else the next one after it, else the last.
    private mutating func normalizeCursor() {
        let rows = lines.filter { $0.loan != nil }.map(\.position)
        guard let cursor, !rows.contains(cursor) else {
            if cursor == nil { self.cursor = rows.first }
            return
        }
        self.cursor = rows.first { $0 > cursor } ?? rows.last
    }

    /// Puts the cursor on the row at screen line `index`, or the nearest row to it.
    private mutating func placeCursor(near index: Int) {
        let rows = lines.indices.filter { lines[$0].loan != nil }
        guard let nearest = rows.min(by: { abs($0 - index) < abs($1 - index) }) else { return }
        cursor = lines[nearest].position
    }
}
