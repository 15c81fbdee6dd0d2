import BarcodeDecoding
#if canImport(Glibc)
import Glibc
#endif

// The reader process of ReadIsolation (zxing-cpp reads run here, so that a read that crashes
// or never returns costs that read, not the program): started by a program beside it, such
// as `track`, with `--zxing-read-worker PID VERSION`. It serves reads and nothing else, so it
// starts in a few milliseconds (track links FFmpeg's libraries and takes some 50 ms).
ReadIsolation.runWorkerIfRequested()
let usage = "zxing-reader: the zxing-cpp reader process of track (ReadIsolation); programs beside it start it, people need not\n"
_ = usage.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
exit(64)
