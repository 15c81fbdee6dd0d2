import PalletDelivery
import Testing

#if canImport(Glibc)
    import Glibc
#endif

struct PostgresAddressTests {
    @Test func aPostgresURLGivesUserHostPortAndDatabaseWithTheDefaultPort() throws {
        let parsed = try SinkAddress(parsing: "postgres://track@db.example/wms")
        let expected = PostgresAddress(user: "track", host: "db.example", port: 5432, database: "wms", requiresTLS: false)
        #expect(parsed == .postgres(expected))
        #expect(expected.description == "postgres://track@db.example:5432/wms")
        let full = try PostgresAddress(parsing: "postgresql://dock%203@[::1]:6543/pallet%20db?sslmode=require")
        #expect(full == PostgresAddress(user: "dock 3", host: "::1", port: 6543, database: "pallet db", requiresTLS: true))
        #expect(full.description == "postgres://dock 3@[::1]:6543/pallet db")
    }

    @Test func aPasswordInTheURLIsRefusedWithoutShowingIt() {
        #expect {
            try SinkAddress(parsing: "postgres://track:s3cret@db/wms")
        } throws: { error in
            let message = (error as? DeliveryError)?.message ?? ""
            return !message.contains("s3cret") && message.contains("PGPASSWORD") && message.contains("postgres://track:***@db/wms")
        }
    }

    @Test func badPostgresURLsAreRefusedWithAReason() {
        let cases = [
            "postgres://db/wms": "no user name",
            "postgres://track@/wms": "no valid host name",
            "postgres://track@db:0/wms": "not a number from 1 to 65535",
            "postgres://track@db:5432": "no database name",
            "postgres://track@db/wms/x": "no database name",
            "postgres://track@db/wms?sslmode=prefer": "only sslmode=disable or sslmode=require",
            "postgres://track@[::1/wms": "closing ']'",
        ]
        for (text, reason) in cases {
            #expect(throws: DeliveryError.self, "\(text)") { try SinkAddress(parsing: text) }
            do {
                _ = try SinkAddress(parsing: text)
            } catch {
                #expect(error.message.contains(reason), "\(text): \(error.message)")
                #expect(error.message.contains("postgres://USER@HOST:PORT/DATABASE"), "\(text): \(error.message)")
                #expect(!error.isRetryable)
            }
        }
    }
}
