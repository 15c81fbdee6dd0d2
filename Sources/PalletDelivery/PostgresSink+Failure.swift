import PostgresNIO

#if canImport(Glibc)
    import Glibc
#endif

extension PostgresSink {
    /// What the sink was doing when something failed, for the message.
    enum Step {
        case connection, migration, delivery, report
    }

    /// The error `error` becomes: a message that says what to do, and whether trying again may help.
    func failure(_ error: any Error, during step: Step) -> DeliveryError {
        let server = "PostgreSQL at \(address.host):\(address.port)"
        if error is DeadlineExceeded {
            let what = step == .delivery ? "did not store a record" : step == .migration ? "did not set up the tables" : "did not answer"
            return DeliveryError(retryable: true, "\(server) \(what) within \(timeout.secondsText) (--sink-timeout)")
        }
        guard let error = error as? PSQLError else {
            return DeliveryError(retryable: true, "\(destination): \(error)")
        }
        switch error.code {
        case .server:
            return serverFailure(error, server: server, during: step)
        case .connectionError:
            return DeliveryError(
                retryable: true,
                "cannot reach \(server) (\(reason(error.underlying))); "
                    + "start the server, or correct the host and port in --sink")
        case .authMechanismRequiresPassword:
            return DeliveryError(
                retryable: true,
                "\(server) asks user '\(address.user)' for a password; put it in $\(PostgresAddress.passwordVariable) "
                    + "(never in the URL)")
        case .sslUnsupported:
            return DeliveryError(
                retryable: true, "\(server) does not offer TLS; drop ?sslmode=require from --sink, or enable ssl on the server")
        case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
            return DeliveryError(retryable: true, "\(server) closed the connection")
        default:
            return DeliveryError(retryable: true, "\(destination): \(error.code)\(error.underlying.map { " (\($0))" } ?? "")")
        }
    }

    /// A refusal by the server itself, told by its SQLSTATE.
    private func serverFailure(_ error: PSQLError, server: String, during step: Step) -> DeliveryError {
        let state = error.serverInfo?[.sqlState] ?? ""
        let said = error.serverInfo?[.message] ?? "no message"
        switch state {
        case "28P01":
            return DeliveryError(
                retryable: true,
                "\(server) refused the password of user '\(address.user)' (\(said)); "
                    + "set the right one in $\(PostgresAddress.passwordVariable)")
        case "28000":
            return DeliveryError(
                retryable: true,
                "\(server) does not let user '\(address.user)' in (\(said)); "
                    + "check the user name in --sink, and that pg_hba.conf admits this host")
        case "3D000":
            return DeliveryError(
                retryable: true,
                "\(server) has no database '\(address.database)'; create it "
                    + "(createdb -h \(address.host) -p \(address.port) -U \(address.user) \(address.database)) or correct --sink")
        case "42501" where step == .migration:
            return DeliveryError(
                retryable: true,
                "user '\(address.user)' may not create the tables in '\(address.database)' (\(said)); "
                    + "run the first start as the database's owner, or grant CREATE on schema public")
        case "42P01" where step == .report:
            return DeliveryError(
                retryable: false,
                "\(destination) has no pallets_per_station_shift view: no station has delivered "
                    + "there yet (track station --sink \(destination))")
        case let state where state.hasPrefix("22") || state.hasPrefix("23"):
            // The record itself does not fit (not JSON, a field of the wrong type or missing): it never will.
            return DeliveryError(retryable: false, "\(destination) refused the record: \(said) (SQLSTATE \(state))")
        default:
            let stage =
                switch step {
                case .connection: "connecting"
                case .migration: "setting up the tables"
                case .delivery: "storing a record"
                case .report: "reading the report"
                }
            return DeliveryError(retryable: true, "\(server) failed while \(stage): \(said) (SQLSTATE \(state))")
        }
    }

    /// Why a connection could not be made, in a few words ("Connection refused").
    private func reason(_ underlying: (any Error)?) -> String {
        var error = underlying
        if let attempts = error as? NIOConnectionError {
            error = attempts.connectionErrors.first?.error ?? attempts.dnsAError ?? attempts.dnsAAAAError
        }
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        if let error = error as? ChannelError, case .connectTimeout = error { return "no answer within \(timeout.secondsText)" }
        return error.map { "\($0)" } ?? "no reason given"
    }
}

extension Duration {
    /// "2.5 s", for messages.
    fileprivate var secondsText: String {
        seconds.rounded() == seconds ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
