import BarcodeDecoding
import BarcodeTracking
import Testing

/// Codes in a scene served by the stand-in survive the camera path (libv4l2 conversion
/// and, for MJPEG, JPEG compression) and are decoded from the captured frames.
struct CameraBarcodeTests {
    static let payloads: [(String, Symbology)] = [
        ("PALLET-0001", .qrCode), ("SHIP-4711", .code128), ("4006381333931", .ean13),
    ]

    /// A 640x480 white scene with the three codes side by side.
    static func scene() throws -> (width: Int, height: Int, pixels: [[UInt8]]) {
        var scene = try LumaImage(width: 640, height: 480, filledWith: 255)
        let origins = [(20, 40), (240, 40), (240, 300)]
        for ((text, symbology), (left, top)) in zip(payloads, origins) {
            let code = try BarcodeRenderer.render(text, as: symbology, width: symbology == .qrCode ? 180 : 360,
                                                  height: symbology == .qrCode ? 180 : 120, quietZone: 10)
            for y in 0..<code.height where top + y < scene.height {
                for x in 0..<code.width where left + x < scene.width {
                    scene[left + x, top + y] = code[x, y]
                }
            }
        }
        return (scene.width, scene.height, [scene.pixels])
    }

    @Test("codes served as YUYV and as MJPEG are decoded from the captured frames", arguments: ["yuyv", "mjpeg"])
    func codesSurviveTheCameraPath(format: String) throws {
        let run = try StandInRun(["capture", StandInRun.device, "--size", "640x480", "--frames", "2"],
                                 environment: ["FORMATS": format], frames: try Self.scene(), dump: true)
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.dumped.count == 2)
        let reader = try BarcodeReader()
        for pixels in run.dumped {
            let image = try LumaImage(width: 640, height: 480, pixels: pixels)
            let found = Set(try reader.barcodes(in: image).compactMap(\.data))
            #expect(found == Set(Self.payloads.map(\.0)), "\(format)")
        }
    }
}
