import LoansCore

/// Sign-ins whose password is checked on the password queue (`WebServices.passwordChecks`): the
/// answer is given later, from the queue's thread, so no request thread waits for a hash. When
/// the queue is full — as many checks run and wait as it takes — the sign-in is not checked at
/// all: `503` with `Retry-After`, and the sign-in page saying to send it again in a moment.
extension WebFront {
    /// The seconds a sign-in turned away is told to wait: a queue's checks end within about one.
    static let busyRetrySeconds = 1

    /// An answer that `check` makes on the password queue, or the busy page when it is full.
    func queued(_ request: WebRequest, secure: Bool, _ check: @escaping @Sendable () -> WebAnswer) -> WebAnswer {
        WebAnswer(status: 503, body: .later { [self] give in
            guard !services.passwordChecks.submit({ give(check()) }) else { return }
            give(busy(request, secure: secure))
        })
    }

    private func busy(_ request: WebRequest, secure: Bool) -> WebAnswer {
        var answer = signInPage(
            WebRequest(method: request.method, segments: request.segments), secure: secure,
            problem: "Too many sign-ins are being checked right now. Wait a moment, then send the form again.",
            status: 503, name: request.field("name") ?? ""
        )
        answer.headers.append(WebField("Retry-After", String(WebFront.busyRetrySeconds)))
        return answer
    }
}
