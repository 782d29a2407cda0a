/// Headers that keep a browser from misreading an answer, by what the answer is
/// (docs/security.md § Answers a browser must not misread).
enum ContentSecurity {
    /// An SVG opened directly is a document at the service's origin: no script runs in it and it
    /// loads nothing; its styles are inline attributes.
    static let svgPolicy = "default-src 'none'; style-src 'unsafe-inline'"

    /// `nosniff` on every answer, so that its Content-Type is never second-guessed into HTML or
    /// script (Fetch Standard § X-Content-Type-Options); a document's policy with a document.
    static func headers(for mediaType: MediaType?) -> [(name: String, value: String)] {
        let noSniff = (name: "X-Content-Type-Options", value: "nosniff")
        switch mediaType {
        case .svg: return [noSniff, ("Content-Security-Policy", svgPolicy)]
        case .html: return [noSniff, ("Content-Security-Policy", ViewerPage.contentSecurityPolicy)]  // the viewer: the only page
        default: return [noSniff]
        }
    }
}
