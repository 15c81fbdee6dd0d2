import PostgresNIO

/// One row of the `pallets_per_station_shift` view: a station's pallets in one 8-hour shift.
public struct ShiftSummary: Sendable, Equatable {
    /// The station's name.
    public var station: String
    /// When the shift started, `YYYY-MM-DD HH:MM` in the database session's time zone.
    public var shiftStart: String
    /// The shift of its day: 1 (00:00–08:00), 2 (08:00–16:00) or 3 (16:00–24:00).
    public var shift: Int
    /// Pallets closed in the shift.
    public var pallets: Int
    /// Pallets whose count matched `--expect`.
    public var complete: Int
    /// Pallets with fewer codes than `--expect`.
    public var short: Int
    /// Pallets with more codes than `--expect`.
    public var over: Int
    /// Pallets whose manifest check was not exact.
    public var manifestDiscrepancies: Int
    /// Codes on the shift's pallets.
    public var codes: Int
    /// Codes per hour: ``codes`` over the shift's 8 hours.
    public var codesPerHour: Double

    /// A summary from its fields.
    public init(
        station: String, shiftStart: String, shift: Int, pallets: Int, complete: Int, short: Int, over: Int,
        manifestDiscrepancies: Int, codes: Int, codesPerHour: Double
    ) {
        self.station = station
        self.shiftStart = shiftStart
        self.shift = shift
        self.pallets = pallets
        self.complete = complete
        self.short = short
        self.over = over
        self.manifestDiscrepancies = manifestDiscrepancies
        self.codes = codes
        self.codesPerHour = codesPerHour
    }
}

extension PostgresSink {
    /// The rows of `pallets_per_station_shift` for the shifts that started in the last `days` days
    /// (24-hour periods back from now), oldest first, of every station or only `station`. Reads on
    /// a connection of its own, without creating or upgrading the tables.
    public func shiftSummaries(days: Int, station: String? = nil) async throws(DeliveryError) -> [ShiftSummary] {
        let connection = try await open()
        let logger = logger
        do {
            let summaries = try await withDeadline(closing: connection) {
                var bindings = PostgresBindings()
                bindings.append(days)
                if let station { bindings.append(station) }
                let sql = """
                    SELECT station, to_char(shift_start, 'YYYY-MM-DD HH24:MI'), shift::bigint, pallets, pallets_complete,
                           pallets_short, pallets_over, manifest_discrepancies, codes::bigint, codes_per_hour::float8
                    FROM pallets_per_station_shift
                    WHERE shift_start >= now() - make_interval(days => $1::integer)\(station == nil ? "" : " AND station = $2")
                    ORDER BY shift_start, station
                    """
                var summaries: [ShiftSummary] = []
                let rows = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger)
                for try await (name, start, shift, pallets, complete, short, over, discrepancies, codes, perHour)
                    in rows.decode((String, String, Int, Int, Int, Int, Int, Int, Int, Double).self)
                {
                    summaries.append(
                        ShiftSummary(
                            station: name, shiftStart: start, shift: shift, pallets: pallets, complete: complete, short: short,
                            over: over, manifestDiscrepancies: discrepancies, codes: codes, codesPerHour: perHour))
                }
                return summaries
            }
            try? await connection.close()
            return summaries
        } catch {
            try? await connection.close()
            throw failure(error, during: .report)
        }
    }
}
