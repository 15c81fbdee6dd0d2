import Testing
@testable import FrameSources

struct CameraConfigurationTests {
    @Test("defaults are best size and rate, 2 buffers, no controls, 5 s timeout")
    func defaults() throws {
        let configuration = try CameraConfiguration()
        #expect(configuration == CameraConfiguration.defaults)
        #expect(configuration.size == nil)
        #expect(configuration.framesPerSecond == nil)
        #expect(configuration.bufferCount == 2)
        #expect(configuration.controls.isEmpty)
        #expect(configuration.frameTimeout == 5)
    }

    @Test("sizes parse from WIDTHxHEIGHT and malformed ones are rejected with the expected form")
    func sizes() throws {
        #expect(try CameraSize(parsing: "1280x720") == CameraSize(width: 1280, height: 720))
        #expect(try CameraSize(parsing: "640X480").description == "640x480")
        for bad in ["640", "640x", "x480", "640by480", "0x480", "-640x480", "640x480x2"] {
            let error = #expect(throws: CameraError.self) { try CameraSize(parsing: bad) }
            #expect(error?.code == .invalidConfiguration, "\(bad)")
        }
    }

    @Test("negative or zero rates, bad buffer counts and timeouts are invalid configurations")
    func invalidValues() {
        let fps = #expect(throws: CameraError.self) { try CameraConfiguration(framesPerSecond: -5) }
        #expect(fps?.code == .invalidConfiguration)
        #expect(fps?.message.contains("positive") == true)
        #expect(throws: CameraError.self) { try CameraConfiguration(framesPerSecond: 0) }
        #expect(throws: CameraError.self) { try CameraConfiguration(bufferCount: 0) }
        #expect(throws: CameraError.self) { try CameraConfiguration(bufferCount: 33) }
        #expect(throws: CameraError.self) { try CameraConfiguration(frameTimeout: 0) }
        var mutated = CameraConfiguration.defaults
        mutated.bufferCount = 0
        #expect(throws: CameraError.self) { try mutated.validate() }
    }

    @Test("control settings parse name=value and normalise names")
    func controlSettings() throws {
        let setting = try CameraControlSetting(parsing: "Exposure Time, Absolute = 100")
        #expect(setting.name == "exposure_time_absolute")
        #expect(setting.value == "100")
        #expect(CameraControlSetting.normalize("Focus, Automatic Continuous") == "focus_automatic_continuous")
        for bad in ["exposure", "=1", "focus="] {
            let error = #expect(throws: CameraError.self) { try CameraControlSetting(parsing: bad) }
            #expect(error?.code == .invalidControl, "\(bad)")
        }
    }

    @Test("mode switches are applied before the values they unlock")
    func controlOrder() throws {
        let settings = try ["exposure_time=10", "brightness=3", "exposure=manual", "focus_automatic_continuous=0"]
            .map { try CameraControlSetting(parsing: $0) }
        #expect(Camera.ordered(settings).map(\.name) ==
                ["exposure", "focus_automatic_continuous", "exposure_time", "brightness"])
    }
}

struct CameraErrorTests {
    @Test("errno values map to the matching codes with what to do")
    func errnoMapping() {
        let denied = CameraError.fromErrno(13, operation: "cannot open", path: "/dev/video0")
        #expect(denied.code == .permissionDenied)
        #expect(denied.message == "cannot open /dev/video0: permission denied (add the user to group video: `sudo usermod -aG video $USER`, then log in again)")
        #expect(CameraError.fromErrno(16, operation: "cannot open", path: "/dev/video0").code == .busy)
        #expect(CameraError.fromErrno(2, operation: "cannot open", path: "/dev/video0").code == .noSuchDevice)
        #expect(CameraError.fromErrno(19, operation: "cannot read a frame from", path: "/dev/video0").code == .unplugged)
        #expect(CameraError.fromErrno(5, operation: "cannot read", path: "/dev/video0").systemErrno == 5)
    }
}

struct CameraModeSelectionTests {
    static func modes() throws -> [CameraMode] {
        [CameraMode(size: try CameraSize(width: 3840, height: 2160), framesPerSecond: [30]),
         CameraMode(size: try CameraSize(width: 1920, height: 1080), framesPerSecond: [5]),
         CameraMode(size: try CameraSize(width: 1280, height: 720), framesPerSecond: [30, 15]),
         CameraMode(size: try CameraSize(width: 640, height: 480), framesPerSecond: [60, 30])]
    }

    @Test("best available: largest size up to 1920x1080 reaching 15 fps, at its highest rate")
    func best() throws {
        let (size, fps) = try CameraModeSelection.choose(size: nil, framesPerSecond: nil, modes: Self.modes(), path: "cam")
        #expect(size == (try CameraSize(width: 1280, height: 720)))
        #expect(fps == 30)
    }

    @Test("a requested rate steers the best size and is matched within 0.5 fps")
    func requestedRate() throws {
        let (size, fps) = try CameraModeSelection.choose(size: nil, framesPerSecond: 59.94, modes: Self.modes(), path: "cam")
        #expect(size == (try CameraSize(width: 640, height: 480)))
        #expect(fps == 60)
    }

    @Test("a requested size is used as offered, and an unknown one is rejected")
    func requestedSize() throws {
        let (size, fps) = try CameraModeSelection.choose(size: try CameraSize(width: 1920, height: 1080),
                                                         framesPerSecond: nil, modes: Self.modes(), path: "cam")
        #expect(size.width == 1920)
        #expect(fps == 5)
        let error = #expect(throws: CameraError.self) {
            try CameraModeSelection.choose(size: try CameraSize(width: 1024, height: 768), framesPerSecond: nil,
                                           modes: Self.modes(), path: "cam")
        }
        #expect(error?.code == .unsupportedMode)
        #expect(error?.message.contains("3840x2160, 1920x1080, 1280x720, 640x480") == true)
    }
}
