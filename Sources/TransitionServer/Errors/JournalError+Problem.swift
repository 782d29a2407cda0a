extension Problem {
    /// The session store cannot be reached: the service keeps running and answers again as soon
    /// as the store does.
    init(_ error: JournalError) {
        switch error {
        case .unavailable:
            self = Problem(status: 503, type: "store-unavailable", title: "The session store is unavailable",
                           detail: "the session store does not answer; try again in a moment", headers: [("Retry-After", "1")])
        }
    }
}
