import LoansCore

/// What a form shows: the values in its fields (what the person typed, or the loan as it is)
/// and the refusal of its last sending, if any.
struct FormState {
    var values: [String: String]
    var refusal: FormRefusal?

    init(values: [String: String] = [:], refusal: FormRefusal? = nil) {
        self.values = refusal?.input ?? values
        self.refusal = refusal
    }

    func message(_ field: String) -> String? { refusal?.message(for: field) }
}

/// The parts of the loan forms: labelled fields, each with its hint and its refusal tied to it
/// (`aria-describedby`), and the list of what was refused at the top of a form sent back.
/// Values the person typed are escaped as attribute values and text.
enum FormView {
    /// The forms' field labels, as the list of refusals names them.
    static let labels = [
        "title": "Title", "direction": "Which way", "counterparty": "Who", "due": "Due date", "lent": "Lent on",
        "note": "Note", "by": "Later by", "on": "Returned on", "email": "E-mail address",
    ]

    static let dateHint = "A date: \(DateForms.all.summary)."

    /// The refusals of a form sent back, each linking to its field.
    static func problems(_ state: FormState, prefix: String, heading: String, _ html: inout HTMLWriter) {
        guard let refusal = state.refusal, !refusal.problems.isEmpty else { return }
        html.raw("<div class=\"problems\" role=\"alert\" id=\"")
        html.attribute(prefix)
        html.raw("-problems\">\n<h2>")
        html.text(heading)
        html.raw("</h2>\n<ul>\n")
        for problem in refusal.problems {
            html.raw("<li>")
            if let field = problem.field {
                html.raw("<a href=\"#")
                html.attribute(prefix + "-" + field)
                html.raw("\">")
                html.text(labels[field] ?? field)
                html.raw("</a>: ")
            }
            html.text(problem.message)
            html.raw("</li>\n")
        }
        html.raw("</ul>\n</div>\n")
    }

    /// A field's start: its box, its label, and the hint and the refusal it is described by.
    private static func fieldStart(_ id: String, _ label: String, hint: String?, error: String?, _ html: inout HTMLWriter) {
        html.raw("<div class=\"field\">\n<label for=\"")
        html.attribute(id)
        html.raw("\">")
        html.text(label)
        html.raw("</label>\n")
        describedBy(id, hint: hint, error: error, &html)
    }

    /// A one-line text field; `extra` adds attributes of the front's own (an address's keyboard).
    static func text(
        _ name: String, _ label: String, _ state: FormState, prefix: String, hint: String? = nil, extra: StaticString = "", _ html: inout HTMLWriter
    ) {
        input(name, label, state, prefix: prefix, hint: hint, extra: extra, &html)
        html.raw("</div>\n")
    }

    /// A one-line field that asks for a person: a text field that suggests the known `names`
    /// (a `<datalist>` it points at; the browser offers them as the person types).
    static func person(_ name: String, _ label: String, _ state: FormState, prefix: String, names: [String], hint: String, _ html: inout HTMLWriter) {
        input(name, label, state, prefix: prefix, hint: hint, extra: " list=\"known-names\" autocomplete=\"off\"", &html)
        html.raw("<datalist id=\"known-names\">\n")
        for known in names {
            html.raw("<option value=\"")
            html.attribute(known)
            html.raw("\">\n")
        }
        html.raw("</datalist>\n</div>\n")
    }

    /// The label, hint and `<input type="text">` of a one-line field, with `extra`'s attributes;
    /// the caller closes the field's `div`.
    private static func input(
        _ name: String, _ label: String, _ state: FormState, prefix: String, hint: String?, extra: StaticString, _ html: inout HTMLWriter
    ) {
        let id = prefix + "-" + name
        fieldStart(id, label, hint: hint, error: state.message(name), &html)
        html.raw("<input type=\"text\" id=\"")
        html.attribute(id)
        html.raw("\" name=\"")
        html.attribute(name)
        html.raw("\" value=\"")
        html.attribute(state.values[name] ?? "")
        html.raw("\"")
        html.raw(extra)
        ariaFor(id, hint: hint, error: state.message(name), &html)
        html.raw(">\n")
    }

    /// A text area (the note).
    static func area(_ name: String, _ label: String, _ state: FormState, prefix: String, _ html: inout HTMLWriter) {
        let id = prefix + "-" + name
        fieldStart(id, label, hint: nil, error: state.message(name), &html)
        html.raw("<textarea id=\"")
        html.attribute(id)
        html.raw("\" name=\"")
        html.attribute(name)
        html.raw("\" rows=\"3\"")
        ariaFor(id, hint: nil, error: state.message(name), &html)
        html.raw(">")
        html.text(state.values[name] ?? "")
        html.raw("</textarea>\n</div>\n")
    }

    /// The direction, as two radio buttons in a fieldset.
    static func direction(_ state: FormState, prefix: String, _ html: inout HTMLWriter) {
        let chosen = state.values["direction"]
        html.raw("<fieldset id=\"")
        html.attribute(prefix)
        html.raw("-direction\"")
        if let error = state.message("direction") {
            html.raw(" aria-describedby=\"")
            html.attribute(prefix)
            html.raw("-direction-error\"><legend>Which way</legend>\n<p class=\"field-error\" id=\"")
            html.attribute(prefix)
            html.raw("-direction-error\">")
            html.text(error)
            html.raw("</p>\n")
        } else {
            html.raw("><legend>Which way</legend>\n")
        }
        for (value, words) in [("lent", "lent: you lent it to them"), ("borrowed", "borrowed: you have it from them")] {
            html.raw("<label><input type=\"radio\" name=\"direction\" value=\"")
            html.attribute(value)
            html.raw(chosen == value ? "\" checked> " : "\"> ")
            html.text(words)
            html.raw("</label>\n")
        }
        html.raw("</fieldset>\n")
    }

    /// The hint and refusal lines a field points at.
    private static func describedBy(_ id: String, hint: String?, error: String?, _ html: inout HTMLWriter) {
        if let hint {
            html.raw("<p class=\"hint\" id=\"")
            html.attribute(id)
            html.raw("-hint\">")
            html.text(hint)
            html.raw("</p>\n")
        }
        if let error {
            html.raw("<p class=\"field-error\" id=\"")
            html.attribute(id)
            html.raw("-error\">")
            html.text(error)
            html.raw("</p>\n")
        }
    }

    private static func ariaFor(_ id: String, hint: String?, error: String?, _ html: inout HTMLWriter) {
        let described = [hint.map { _ in id + "-hint" }, error.map { _ in id + "-error" }].compactMap { $0 }
        if !described.isEmpty {
            html.raw(" aria-describedby=\"")
            html.attribute(described.joined(separator: " "))
            html.raw("\"")
        }
        if error != nil { html.raw(" aria-invalid=\"true\"") }
    }

    /// The fields of a loan (add and edit share them); the person field suggests `names`.
    static func loanFields(_ state: FormState, prefix: String, names: [String], _ html: inout HTMLWriter) {
        text("title", "Title", state, prefix: prefix, hint: "What was lent or borrowed.", &html)
        direction(state, prefix: prefix, &html)
        person("counterparty", "Who", state, prefix: prefix, names: names, hint: "The person or library on the other side.", &html)
        text("due", "Due date", state, prefix: prefix, hint: dateHint, &html)
        text("lent", "Lent on", state, prefix: prefix, hint: "Left empty when adding: today (or the due date, if that is earlier).", &html)
        area("note", "Note", state, prefix: prefix, &html)
    }

    /// `<form method="post" action="…">` with its CSRF field; `content` writes the rest.
    static func form(_ action: String, csrf: String, label: String, class style: StaticString = "card", _ content: (inout HTMLWriter) -> Void, _ html: inout HTMLWriter) {
        html.raw("<form class=\"")
        html.raw(style)
        html.raw("\" method=\"post\" action=\"")
        html.attribute(action)
        html.raw("\" aria-label=\"")
        html.text(label)
        html.raw("\">\n")
        PageLayout.csrfField(csrf, &html)
        html.raw("\n")
        content(&html)
        html.raw("</form>\n")
    }
}
