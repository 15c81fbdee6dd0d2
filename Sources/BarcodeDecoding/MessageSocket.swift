#if canImport(Glibc)
import Glibc
#endif

/// One end of the stream socket between a program and a reader process (see
/// ``ReadIsolation``): messages framed by a little-endian UInt32 length, sent
/// and received with a deadline, so that a peer that stops answering costs a
/// bounded wait and a peer that died is an outcome, never a signal (`MSG_NOSIGNAL`).
struct MessageSocket {
    /// The largest message either side accepts (a 100-megapixel image and its header).
    static let maximumLength = 128 << 20

    enum Outcome: Equatable {
        case done
        /// The deadline passed first.
        case timedOut
        /// The peer closed its end or the connection failed (`errno` name for people).
        case closed(String)
    }

    /// The descriptor, non-blocking; owned by whoever made this value.
    let descriptor: Int32

    /// Sends `payload` framed by its length before `deadline` (`nil`: no limit).
    func send(_ payload: [UInt8], until deadline: ContinuousClock.Instant?) -> Outcome {
        var length = UInt32(payload.count).littleEndian
        let header = withUnsafeBytes(of: &length) { Array($0) }
        let outcome = sendAll(header, until: deadline)
        return outcome == .done ? sendAll(payload, until: deadline) : outcome
    }

    /// Receives one message before `deadline` (`nil`: no limit).
    func receive(until deadline: ContinuousClock.Instant?) -> (Outcome, [UInt8]) {
        var payload: [UInt8] = []
        let outcome = receive(into: &payload, until: deadline)
        return (outcome, outcome == .done ? payload : [])
    }

    /// Receives one message into `payload` (replacing its contents, using its capacity
    /// again) before `deadline` (`nil`: no limit).
    func receive(into payload: inout [UInt8], until deadline: ContinuousClock.Instant?) -> Outcome {
        var header = [UInt8](repeating: 0, count: 4)
        let outcome = receiveAll(into: &header, until: deadline)
        guard outcome == .done else { return outcome }
        let length = header.reversed().reduce(0) { $0 << 8 | Int($1) }
        guard length <= Self.maximumLength else { return .closed("a message of \(length) bytes") }
        payload.removeAll(keepingCapacity: true)
        payload.append(contentsOf: repeatElement(0, count: length))
        return receiveAll(into: &payload, until: deadline)
    }

    private func sendAll(_ bytes: [UInt8], until deadline: ContinuousClock.Instant?) -> Outcome {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if sent > 0 {
                offset += sent
            } else if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                if let failure = wait(for: Int16(POLLOUT), until: deadline) { return failure }
            } else {
                return .closed(Self.errnoName())
            }
        }
        return .done
    }

    private func receiveAll(into buffer: inout [UInt8], until deadline: ContinuousClock.Instant?) -> Outcome {
        var offset = 0
        while offset < buffer.count {
            let received = buffer.withUnsafeMutableBytes {
                recv(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_DONTWAIT))
            }
            if received > 0 {
                offset += received
            } else if received == 0 {
                return .closed("end of stream")
            } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                if let failure = wait(for: Int16(POLLIN), until: deadline) { return failure }
            } else {
                return .closed(Self.errnoName())
            }
        }
        return .done
    }

    /// Whether a message (or the peer's end) is waiting to be received, waiting for one until
    /// `deadline` at most (a deadline already past: a look without waiting).
    func isReadable(until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let timeout = Self.pollTimeout(until: deadline)
            // Readiness, an error or a hang-up: a receive would not wait for the peer.
            let ready = poll(&entry, 1, timeout)
            if ready >= 0 || errno != EINTR || timeout == 0 { return ready > 0 }
        }
    }

    /// Milliseconds from now to `deadline` for `poll`, rounded up (0 once it has passed).
    private static func pollTimeout(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = deadline - .now
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
    }

    /// Waits until the socket is ready for `events`; `.timedOut` when the deadline passes first.
    private func wait(for events: Int16, until deadline: ContinuousClock.Instant?) -> Outcome? {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        let timeout: Int32
        if let deadline {
            guard deadline > .now else { return .timedOut }
            timeout = Self.pollTimeout(until: deadline)
        } else {
            timeout = -1
        }
        // Readiness, an error or a hang-up all end the wait; the next send or recv says which.
        _ = poll(&entry, 1, timeout)
        return nil
    }

    private static func errnoName() -> String { String(cString: strerror(errno)) }
}
