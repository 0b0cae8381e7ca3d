/// The styles and the script, embedded in the binary and served under names that carry a hash
/// of their bytes (`/static/loans-1a2b3c4d5e6f.css`): a page always names the version it was made
/// with, so each may be cached for a year and never asked again. No other asset exists, and no
/// page loads anything from another origin.
package enum StaticAssets {
    /// One asset: its name under `/static/`, its content type and bytes.
    package struct Asset: Sendable {
        package let name: String
        package let contentType: String
        package let bytes: [UInt8]

        init(stem: String, suffix: String, contentType: String, text: String) {
            bytes = Array(text.utf8)
            name = "\(stem)-\(String(SHA256.hex(bytes).prefix(12))).\(suffix)"
            self.contentType = contentType
        }

        package var path: String { "/static/" + name }
    }

    package static let stylesheet = Asset(stem: "loans", suffix: "css", contentType: "text/css; charset=utf-8", text: Stylesheet.text)
    package static let script = Asset(stem: "live", suffix: "js", contentType: "text/javascript; charset=utf-8", text: LiveScript.text)

    /// The asset called `name`, if any.
    static func named(_ name: String) -> Asset? {
        [stylesheet, script].first { $0.name == name }
    }

    /// The answer for `/static/NAME`: the bytes with a year's cache, or `404`.
    static func answer(_ name: String) -> WebAnswer {
        guard let asset = named(name) else { return .text(404, "No such file.") }
        return WebAnswer(
            status: 200,
            headers: [WebField("Content-Type", asset.contentType), WebField("Cache-Control", "public, max-age=31536000, immutable")],
            body: .bytes(asset.bytes)
        )
    }
}
