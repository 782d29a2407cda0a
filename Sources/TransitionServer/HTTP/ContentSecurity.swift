/// Headers that keep a browser from misreading an answer, by what the answer is
/// (docs/security.md § Answers a browser must not misread).
enum ContentSecurity {
    /// An SVG opened directly is a document at the service's origin: no script runs in it and it
    /// loads nothing; its styles are inline attributes.
    static let svgPolicy = "default-src 'none'; style-src 'unsafe-inline'"

    /// `nosniff` on every answer, so that its Content-Type is never second-guessed into HTML or
    /// script (Fetch Standard § X-Content-Type-Options); a document's policy with a document.
    static func headers(for mediaType: MediaType?) -> [(name: String, value: String)] {
        switch mediaType {
        case .svg: svgHeaders
        case .html: pageHeaders
        default: plainHeaders
        }
    }

    // Made once: every answer adds one of them.
    private static let noSniff = (name: "X-Content-Type-Options", value: "nosniff")
    private static let plainHeaders = [noSniff]
    private static let svgHeaders = [noSniff, ("Content-Security-Policy", svgPolicy)]
    private static let pageHeaders = [noSniff, ("Content-Security-Policy", ViewerPage.contentSecurityPolicy)]  // the viewer: the only page
}
