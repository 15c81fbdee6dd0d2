/// Where a ``PostgresSink`` writes: `postgres://USER@HOST[:PORT]/DATABASE[?sslmode=disable|require]`
/// (also `postgresql://`), the libpq URL form without the password.
///
/// The password never comes from the URL (`ps` shows the command line): it comes from the
/// environment variable `PGPASSWORD`, as for `psql`.
public struct PostgresAddress: Sendable, Equatable {
    /// The role to log in as.
    public var user: String
    /// The server's host name or IP address (an IPv6 address without its brackets).
    public var host: String
    /// The server's TCP port. Default 5432.
    public var port: Int
    /// The database to write into; the tables are created there at the first start.
    public var database: String
    /// Whether the connection must be encrypted (`sslmode=require`); otherwise it is plain TCP.
    public var requiresTLS: Bool

    /// The environment variable the password comes from (the libpq convention).
    public static let passwordVariable = "PGPASSWORD"

    /// The address for messages: `postgres://user@host:port/database`.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(user)@\(shownHost):\(port)/\(database)"
    }

    /// An address from its parts (no checks; ``init(parsing:)`` checks a URL).
    public init(user: String, host: String, port: Int = 5432, database: String, requiresTLS: Bool = false) {
        self.user = user
        self.host = host
        self.port = port
        self.database = database
        self.requiresTLS = requiresTLS
    }

    /// Parses `text`; throws a message that says what was wrong and what is accepted.
    public init(parsing text: String) throws(DeliveryError) {
        func refuse(_ reason: String) -> DeliveryError {
            DeliveryError(
                retryable: false,
                "--sink \(text): \(reason); give postgres://USER@HOST:PORT/DATABASE (password in $\(Self.passwordVariable))")
        }
        guard let schemeEnd = text.firstRange(of: "://"),
            ["postgres", "postgresql"].contains(text[..<schemeEnd.lowerBound].lowercased())
        else {
            throw refuse("not a postgres:// URL")
        }
        guard !text.contains(where: { $0.isWhitespace }) else { throw refuse("a URL has no spaces") }
        var rest = text[schemeEnd.upperBound...]
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<slash]
        let path = rest[slash...].dropFirst()
        guard let at = authority.lastIndex(of: "@") else {
            throw refuse("no user name (USER@ before the host)")
        }
        let userInfo = authority[..<at]
        if userInfo.contains(":") {
            throw DeliveryError(
                retryable: false,
                "--sink \(text.replacingPassword()): a password does not belong in the URL (ps shows it); put it in $\(Self.passwordVariable)"
            )
        }
        guard !userInfo.isEmpty else { throw refuse("no user name (USER@ before the host)") }
        user = String(userInfo).removingPercentEncoding()
        let hostAndPort = authority[authority.index(after: at)...]
        var portText: Substring = ""
        if hostAndPort.hasPrefix("[") {
            guard let close = hostAndPort.firstIndex(of: "]") else { throw refuse("the IPv6 address lacks its closing ']'") }
            host = String(hostAndPort[hostAndPort.index(after: hostAndPort.startIndex)..<close])
            portText = hostAndPort[hostAndPort.index(after: close)...].drop { $0 == ":" }
        } else {
            let parts = hostAndPort.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = String(parts.first ?? "")
            if parts.count > 1 { portText = parts[1] }
        }
        guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || "-._:".contains($0) }) else {
            throw refuse("no valid host name")
        }
        if portText.isEmpty {
            port = 5432
        } else if let number = UInt16(portText), number > 0 {
            port = Int(number)
        } else {
            throw refuse("the port '\(portText)' is not a number from 1 to 65535")
        }
        guard !path.isEmpty, !path.contains("/") else { throw refuse("no database name after the host (…/DATABASE)") }
        database = String(path).removingPercentEncoding()
        requiresTLS = false
        for parameter in query.split(separator: "&") where !parameter.isEmpty {
            switch parameter {
            case "sslmode=disable": requiresTLS = false
            case "sslmode=require": requiresTLS = true
            default: throw refuse("the parameter '\(parameter)' is not supported (only sslmode=disable or sslmode=require)")
            }
        }
    }
}

extension StringProtocol {
    /// The text with `%XX` escapes decoded; unchanged where an escape is malformed.
    fileprivate func removingPercentEncoding() -> String {
        var bytes: [UInt8] = []
        var index = startIndex
        while index < endIndex {
            if self[index] == "%", let end = self.index(index, offsetBy: 3, limitedBy: endIndex),
                let byte = UInt8(self[self.index(after: index)..<end], radix: 16)
            {
                bytes.append(byte)
                index = end
            } else {
                bytes.append(contentsOf: self[index].utf8)
                index = self.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A URL with the password of its user information replaced by `***`, for messages.
    fileprivate func replacingPassword() -> String {
        guard let scheme = firstRange(of: "://"), let at = self[scheme.upperBound...].lastIndex(of: "@"),
            let colon = self[scheme.upperBound..<at].firstIndex(of: ":")
        else { return String(self) }
        return String(self[..<index(after: colon)]) + "***" + String(self[at...])
    }
}
