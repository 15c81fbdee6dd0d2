/// The tables and views ``PostgresSink`` writes into, as numbered migrations, and the statements
/// that store one record. docs/delivery.md describes the schema for the people who query it.
///
/// `track_schema_version` lists the migrations applied (one row each). A start applies the missing
/// ones in one transaction, under an advisory lock so that two stations starting together do not
/// both apply them. A migration is never edited once released: a change is a new migration.
enum PostgresSchema {
    /// The newest migration this build knows.
    static var currentVersion: Int { migrations.count }

    /// The key of the advisory lock held while migrating (any constant unlikely to be used by others).
    static let migrationLock: Int64 = 0x7472_6163_6B5F_7363  // "track_sc"

    static let createVersionTable = """
        CREATE TABLE track_schema_version (
            version integer PRIMARY KEY,
            applied_at timestamptz NOT NULL DEFAULT now()
        )
        """

    /// Migration N is `migrations[N - 1]`, statement by statement (the extended query protocol takes one at a time).
    static let migrations: [[String]] = [migration1]

    private static let migration1 = [
        """
        CREATE TABLE stations (
            name text PRIMARY KEY,
            first_record_at timestamptz NOT NULL DEFAULT now()
        )
        """,
        """
        CREATE TABLE pallets (
            uuid uuid PRIMARY KEY,
            station text NOT NULL REFERENCES stations (name),
            number bigint NOT NULL,
            started_at timestamptz NOT NULL,
            closed_at timestamptz NOT NULL,
            closed_by text NOT NULL,
            code_count integer NOT NULL,
            expected_count integer,
            expect_status text CHECK (expect_status IN ('complete', 'short', 'over')),
            manifest_reference text,
            manifest_exact boolean,
            manifest_correct integer,
            manifest_unexpected integer,
            manifest_missing integer,
            snapshot text,
            record jsonb NOT NULL,
            stored_at timestamptz NOT NULL DEFAULT now()
        )
        """,
        "CREATE INDEX pallets_station_closed_at ON pallets (station, closed_at)",
        """
        CREATE TABLE pallet_codes (
            pallet uuid NOT NULL REFERENCES pallets (uuid) ON DELETE CASCADE,
            ordinal integer NOT NULL,
            track_id bigint,
            symbology text,
            payload text NOT NULL,
            payload_is_base64 boolean NOT NULL,
            read_count integer NOT NULL,
            first_seen_at timestamptz NOT NULL,
            last_seen_at timestamptz NOT NULL,
            manifest_verdict text CHECK (manifest_verdict IN ('correct', 'unexpected', 'unlisted')),
            PRIMARY KEY (pallet, ordinal)
        )
        """,
        "CREATE INDEX pallet_codes_payload ON pallet_codes (payload)",
        // Shifts are the three 8-hour blocks of a day (00–08, 08–16, 16–24) in the session's time
        // zone (ALTER DATABASE … SET timezone), by the time a pallet closed.
        """
        CREATE VIEW pallets_per_station_shift AS
        SELECT station,
               date_trunc('day', closed_at) + floor(extract(hour FROM closed_at) / 8) * interval '8 hours' AS shift_start,
               (floor(extract(hour FROM closed_at) / 8) + 1)::integer AS shift,
               count(*) AS pallets,
               count(*) FILTER (WHERE expect_status = 'complete') AS pallets_complete,
               count(*) FILTER (WHERE expect_status = 'short') AS pallets_short,
               count(*) FILTER (WHERE expect_status = 'over') AS pallets_over,
               count(*) FILTER (WHERE manifest_exact = false) AS manifest_discrepancies,
               sum(code_count) AS codes,
               round(sum(code_count) / 8.0, 1) AS codes_per_hour
        FROM pallets
        GROUP BY 1, 2, 3
        """,
        """
        CREATE VIEW manifest_discrepancies AS
        SELECT p.station, p.number, p.uuid, p.closed_at, p.manifest_reference,
               d.kind, d.line ->> 'payload' AS payload, d.line ->> 'symbology' AS symbology,
               (d.line ->> 'quantity')::integer AS quantity
        FROM pallets p,
             LATERAL (SELECT 'unexpected' AS kind, line FROM jsonb_array_elements(p.record -> 'manifest' -> 'unexpected') line
                      UNION ALL
                      SELECT 'missing', line FROM jsonb_array_elements(p.record -> 'manifest' -> 'missing') line) d
        WHERE p.manifest_exact = false
        """,
    ]

    /// Adds the record's station when it is new. `$1`: the record's JSON text.
    static let insertStation = """
        INSERT INTO stations (name) SELECT $1::jsonb ->> 'station'
        ON CONFLICT (name) DO NOTHING
        """

    /// Adds the pallet unless its UUID is there already; returns a row only when it added one.
    /// `$1`: the record's JSON text; `$2`: the pallet's UUID (the outbox key).
    static let insertPallet = """
        INSERT INTO pallets (uuid, station, number, started_at, closed_at, closed_by, code_count,
                             expected_count, expect_status, manifest_reference, manifest_exact,
                             manifest_correct, manifest_unexpected, manifest_missing, snapshot, record)
        SELECT $2::uuid, r ->> 'station', (r ->> 'pallet')::bigint, (r ->> 'startedAt')::timestamptz,
               (r ->> 'closedAt')::timestamptz, r ->> 'closedBy', (r ->> 'count')::integer,
               (r ->> 'expected')::integer, r ->> 'status', r -> 'manifest' ->> 'reference',
               (r -> 'manifest' ->> 'exact')::boolean,
               jsonb_array_length(r -> 'manifest' -> 'correct'), jsonb_array_length(r -> 'manifest' -> 'unexpected'),
               jsonb_array_length(r -> 'manifest' -> 'missing'), r ->> 'snapshot', r
        FROM (SELECT $1::jsonb AS r) AS record
        ON CONFLICT (uuid) DO NOTHING
        RETURNING uuid
        """

    /// Adds the codes of the pallet just added, from its stored record. A code's first and last
    /// sighting become wall-clock times: the pallet's start plus their offset on the input's clock.
    /// `$1`: the pallet's UUID.
    static let insertCodes = """
        INSERT INTO pallet_codes (pallet, ordinal, track_id, symbology, payload, payload_is_base64, read_count,
                                  first_seen_at, last_seen_at, manifest_verdict)
        SELECT p.uuid, c.ordinal, (c.code ->> 'id')::bigint, c.code ->> 'symbology',
               coalesce(c.code ->> 'data', c.code ->> 'bytes'), NOT (c.code ? 'data'),
               (c.code ->> 'framesSeen')::integer,
               p.started_at + make_interval(secs => (c.code ->> 'first')::float8 - (p.record ->> 'start')::float8),
               p.started_at + make_interval(secs => (c.code ->> 'last')::float8 - (p.record ->> 'start')::float8),
               CASE
                   WHEN p.manifest_exact IS NULL THEN NULL
                   WHEN EXISTS (SELECT FROM jsonb_array_elements(p.record -> 'manifest' -> 'correct') line
                                WHERE line ->> 'payload' = c.code ->> 'data') THEN 'correct'
                   WHEN EXISTS (SELECT FROM jsonb_array_elements(p.record -> 'manifest' -> 'unexpected') line
                                WHERE line ->> 'payload' = c.code ->> 'data') THEN 'unexpected'
                   ELSE 'unlisted'
               END
        FROM pallets p, jsonb_array_elements(p.record -> 'codes') WITH ORDINALITY AS c (code, ordinal)
        WHERE p.uuid = $1::uuid
        """
}
