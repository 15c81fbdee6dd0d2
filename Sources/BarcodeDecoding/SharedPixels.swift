import BarcodeTracking
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The pixels of a reader process's requests (``ReadIsolation``), in memory the program and
/// the process share: a POSIX shared-memory object, unlinked as soon as it is open (it lives
/// while a process holds it), mapped by both. The program writes a request's pixels there and
/// sends the socket only the request's header; the reader process reads the pixels where they
/// are. Over the socket alone, a 1024×576 frame took 0.69-0.85 ms to send (median; p90 up to
/// 4.3 ms, while the reader process waited for a core to drain the socket) and a 1080p frame
/// 1.5 ms, with the reader process copying them out again; through this object the 1024×576
/// frame takes 0.24-0.26 ms (median, p90 0.9-1.1 ms; 2-vCPU Xeon VM, the Aztec clip's reads).
///
/// One per reader process, written by whoever holds the process for a read: one read at a time.
/// It grows to the largest read the process made and keeps that size while the process lives
/// (its pages are shared, so counted once for the two processes).
final class SharedPixels: Sendable {
    /// The descriptor in this program (close-on-exec; a reader process gets it at a number of its own).
    let descriptor: Int32
    /// The mapping, and its size in bytes (0: none yet).
    private let mapping = Mutex<(address: UnsafeMutableRawPointer?, size: Int)>((nil, 0))
    /// Names of the objects opened by this program so far, for unique names.
    private static let opened = Atomic<Int>(0)

    /// A new, empty object; `nil` when the system has no shared memory for it (then requests
    /// carry their pixels over the socket, as before).
    init?() {
        let name = "/swift-barcode-tracking-\(getpid())-\(Self.opened.wrappingAdd(1, ordering: .relaxed).newValue)"
        let opened = shm_open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard opened >= 0 else { return nil }
        shm_unlink(name)
        descriptor = opened
    }

    /// The descriptor a reader process started from `executable` gets the object at: 3, or
    /// the next number that is neither the executable's own descriptor (a reader program run
    /// as `/proc/self/fd/N`, which the exec opens after the descriptors are set up) nor this
    /// object's descriptor here (a dup2 onto itself would keep close-on-exec).
    func descriptorInReader(startedFrom executable: String) -> Int32 {
        let prefix = "/proc/self/fd/"
        let reserved = executable.hasPrefix(prefix) ? Int32(executable.dropFirst(prefix.count)) : nil
        var number: Int32 = 3
        while number == reserved || number == descriptor { number += 1 }
        return number
    }

    deinit {
        mapping.withLock { if let address = $0.address { munmap(address, $0.size) } }
        close(descriptor)
    }

    /// Writes `crop` of `image`, tightly packed, at the start of the object, growing it (to
    /// whole MiB) when it is smaller; `false` when it cannot grow.
    func write(_ image: LumaImage, crop: ZXing.Crop) -> Bool {
        let count = crop.width * crop.height
        return mapping.withLock { mapping -> Bool in
            if mapping.size < count {
                let size = (count + (1 << 20) - 1) & ~((1 << 20) - 1)
                guard ftruncate(descriptor, off_t(size)) == 0 else { return false }
                let address = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
                guard let address, address != MAP_FAILED else { return false }
                if let old = mapping.address { munmap(old, mapping.size) }
                mapping = (address, size)
            }
            guard let base = mapping.address else { return false }
            image.pixels.withUnsafeBytes { source in
                for row in 0..<crop.height {
                    let from = (crop.y + row) * image.bytesPerRow + crop.x
                    (base + row * crop.width).copyMemory(from: source.baseAddress! + from, byteCount: crop.width)
                }
            }
            return true
        }
    }

    /// The reader process's view of the object at the descriptor its program gave it (read only).
    struct View {
        private var address: UnsafeRawPointer?
        private var size = 0
        private let descriptor: Int32

        init(descriptor: Int32) { self.descriptor = descriptor }

        /// The first `count` bytes of the object, copied out; `nil` when it holds fewer.
        mutating func pixels(_ count: Int) -> [UInt8]? {
            if size < count {
                var status = stat()
                guard fstat(descriptor, &status) == 0, Int(status.st_size) >= count else { return nil }
                if let address { munmap(UnsafeMutableRawPointer(mutating: address), size) }
                let mapped = mmap(nil, Int(status.st_size), PROT_READ, MAP_SHARED, descriptor, 0)
                guard let mapped, mapped != MAP_FAILED else {
                    (address, size) = (nil, 0)
                    return nil
                }
                (address, size) = (UnsafeRawPointer(mapped), Int(status.st_size))
            }
            guard let address else { return nil }
            return [UInt8](UnsafeRawBufferPointer(start: address, count: count))
        }
    }
}
