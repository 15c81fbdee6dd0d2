import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `track --serve` against what a hostile web page or a stalled client does: cross-site requests,
/// foreign Host names (DNS rebinding), connections that never read or never finish their request.
@Suite(.serialized)
struct ServeSafetyTests {
    @Test(
        "A loopback job refuses POSTs from another origin or a cross-site fetch, and requests naming a foreign Host; the job keeps running",
        .timeLimit(.minutes(3)))
    func crossSiteRequestsAreRefused() throws {
        let track = try ServingTrack(ServingTrack.demo)
        let port = track.port
        let own = "Host: 127.0.0.1:\(port)"

        let evil = try LoopbackHTTP.request(
            "POST", "/pause", port: port,
            headers: [own, "Origin: http://evil.example", "Content-Type: text/plain"])
        #expect(evil.status == 403 && evil.text.contains("cross-site"), "\(evil.head) \(evil.text)")
        let fetched = try LoopbackHTTP.request("POST", "/clear", port: port, headers: [own, "Sec-Fetch-Site: cross-site"])
        #expect(fetched.status == 403, "\(fetched.head)")
        let sameSiteOtherPort = try LoopbackHTTP.request("POST", "/pause", port: port, headers: [own, "Origin: http://127.0.0.1:1"])
        #expect(sameSiteOtherPort.status == 403, "another origin on the same machine is another origin")

        for path in ["/", "/snapshot.png", "/events"] {
            let rebound = try LoopbackHTTP.request("GET", path, port: port, headers: ["Host: evil.example:\(port)"])
            #expect(rebound.status == 403 && rebound.text.contains("--serve-host"), "\(path): \(rebound.head) \(rebound.text)")
        }
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)", "127.0.0.1"] {
            #expect(try LoopbackHTTP.request("GET", "/", port: port, headers: ["Host: \(host)"]).status == 200, "\(host)")
        }
        #expect(try LoopbackHTTP.request("GET", "/", port: port, headers: ["Host: 127.0.0.1:\(port + 1)"]).status == 403)

        // None of the refused requests paused the job: frames move on.
        let before = try track.latestFrame()
        Thread.sleep(forTimeInterval: 1)
        #expect(try track.latestFrame() > before, "the job was not paused")

        // The page's own requests (Origin = its own address) and clients without Origin (curl) still act.
        let pause = try LoopbackHTTP.request(
            "POST", "/pause", port: port, headers: [own, "Origin: http://127.0.0.1:\(port)", "Sec-Fetch-Site: same-origin"])
        #expect(pause.status == 200, "\(pause.head)")
        #expect(try LoopbackHTTP.request("POST", "/resume", port: port).status == 200)
        _ = track.stop()
    }

    @Test("--serve-host adds a name the loopback server answers to; a bad name is refused with 64", .timeLimit(.minutes(2)))
    func serveHostAddsAName() throws {
        let track = try ServingTrack(ServingTrack.demo + ["--serve-host", "Scanner.test"])
        #expect(try LoopbackHTTP.request("GET", "/", port: track.port, headers: ["Host: scanner.test:\(track.port)"]).status == 200)
        #expect(try LoopbackHTTP.request("GET", "/", port: track.port, headers: ["Host: other.test:\(track.port)"]).status == 403)
        _ = track.stop()
        let bad = try TrackProcess.run(["--demo", "--frames", "3", "--serve", "0", "--serve-host", "a/b"])
        #expect(bad.status == 64 && bad.stderr.contains("--serve-host"), "\(bad.stderr)")
        let alone = try TrackProcess.run(["--demo", "--frames", "3", "--serve-host", "scanner.test"])
        #expect(alone.status == 64 && alone.stderr.contains("--serve-host"), "\(alone.stderr)")
    }

    @Test(
        "Eight clients that never read and requests never finished do not lock viewers out: their slots free and a viewer is served",
        .timeLimit(.minutes(3)))
    func stalledClientsReleaseTheirSlots() throws {
        let track = try ServingTrack(ServingTrack.demo)
        // Eight MJPEG viewers that never read a byte, and three requests that never end their header.
        var stalled: [Int32] = []
        for _ in 0..<8 {
            let fd = try LoopbackHTTP.connect(port: track.port)
            LoopbackHTTP.send(fd, "GET", "/stream.mjpeg")
            stalled.append(fd)
        }
        var halfSent: [Int32] = []
        for _ in 0..<3 {
            let fd = try LoopbackHTTP.connect(port: track.port)
            _ = "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n".withCString { Glibc.send(fd, $0, strlen($0), 0) }
            halfSent.append(fd)
        }
        defer { (stalled + halfSent).forEach { close($0) } }
        Thread.sleep(forTimeInterval: 1)
        let full = try LoopbackHTTP.request("GET", "/events", port: track.port, readFor: 5)
        #expect(full.status == 503, "the stalled clients hold every slot at first: \(full.head)")

        // A real viewer is served once the stalled ones time out (10 s without taking a write).
        let start = Date()
        var served = false
        while !served, Date().timeIntervalSince(start) < 60 {
            let stream = try LoopbackHTTP.openStream("/events", port: track.port)
            close(stream.fd)
            served = stream.status == 200
            if !served { Thread.sleep(forTimeInterval: 1) }
        }
        #expect(served, "a viewer is served within a minute")

        // The half-sent requests were closed by the server (idle for 10 s).
        var buffer = [UInt8](repeating: 0, count: 1_024)
        for fd in halfSent {
            var closed = false
            let deadline = Date().addingTimeInterval(30)
            while !closed, Date() < deadline {
                let n = recv(fd, &buffer, buffer.count, 0)
                closed = n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
            }
            #expect(closed, "a request never finished is closed")
        }
        _ = track.stop()
    }
}
