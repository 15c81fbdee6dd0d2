internal import Glibc

extension Camera {
    /// Applies one `name=value` control setting now (also while streaming).
    ///
    /// - Throws: `invalidControl` for an unknown name or a value the control rejects,
    ///   `unplugged` when the camera is gone, `ioFailure` otherwise.
    public func setControl(_ setting: CameraControlSetting) throws(CameraError) {
        guard let device else {
            throw CameraError(.ioFailure, "\(name) is closed; open the camera again to change \(setting.name)", path: name)
        }
        try Self.apply(setting, to: device)
    }

    /// The current value of a control, by setting name or alias (`exposure`, `focus`, `torch`, ...).
    public func controlValue(named name: String) throws(CameraError) -> Int {
        guard let device else {
            throw CameraError(.ioFailure, "\(self.name) is closed; open the camera again to read \(name)", path: self.name)
        }
        let control = try Self.resolve(CameraControlSetting.normalize(name), in: device.controls(), path: self.name)
        guard let value = device.control(id: control.id) else {
            throw CameraError.fromErrno(errno, operation: "cannot read control \(control.name) of", path: self.name)
        }
        return Int(value)
    }

    /// Whether the camera has a torch/LED control.
    public var hasTorch: Bool { info.hasTorch }

    /// Switches the torch/LED on or off (`torch=on|off`).
    public func setTorch(_ on: Bool) throws(CameraError) {
        try setControl(CameraControlSetting(name: "torch", value: on ? "on" : "off"))
    }

    /// Settings in application order: mode switches (`exposure`, `focus`, `..._auto...`)
    /// first, since they decide whether the manual values are accepted.
    static func ordered(_ settings: [CameraControlSetting]) -> [CameraControlSetting] {
        func isModeSwitch(_ setting: CameraControlSetting) -> Bool {
            ["exposure", "focus"].contains(setting.name) || setting.name.contains("auto")
        }
        return settings.filter(isModeSwitch) + settings.filter { !isModeSwitch($0) }
    }

    static func apply(_ setting: CameraControlSetting, to device: V4L2Device) throws(CameraError) {
        let path = device.path
        let controls = device.controls()
        let control = try resolve(setting.name, in: controls, path: path)
        // The aliases for manual values switch their automatic master off first; the
        // driver's own names are set as given (the driver refuses them while it is on).
        if setting.name == "exposure_time",
           let mode = controls.first(where: { $0.role == .exposureMode }), mode.value != V4L2Device.KnownValue.exposureManual {
            try set(mode, V4L2Device.KnownValue.exposureManual, on: device, setting: setting)
        }
        if setting.name == "focus_position",
           let mode = controls.first(where: { $0.role == .focusMode }), mode.value != 0 {
            try set(mode, 0, on: device, setting: setting)
        }
        let value = try self.value(setting, for: control, path: path)
        try set(control, value, on: device, setting: setting)
    }

    static func resolve(_ name: String, in controls: [CameraControlInfo], path: String) throws(CameraError) -> CameraControlInfo {
        let role: CameraControlInfo.Role? = switch name {
        case "exposure": .exposureMode
        case "exposure_time": .exposureTime
        case "focus": .focusMode
        case "focus_position": .focusPosition
        case "torch", "led": .torch
        default: nil
        }
        if let role {
            if let control = controls.first(where: { $0.role == role }) { return control }
            let what = role == .torch ? "torch/LED" : name.replacingUnderscores()
            throw CameraError(.invalidControl, "\(path) has no \(what) control; `track devices` lists the controls it has",
                              path: path)
        }
        if let control = controls.first(where: { $0.name == name }) { return control }
        let names = (["exposure", "exposure_time", "focus", "focus_position", "torch"] + controls.map(\.name))
        throw CameraError(.invalidControl,
            "\(path) has no control named \(name); known names: " + names.joined(separator: ", "), path: path)
    }

    static func value(_ setting: CameraControlSetting, for control: CameraControlInfo, path: String) throws(CameraError) -> Int {
        let text = setting.value.lowercased()
        func reject(_ expected: String) -> CameraError {
            CameraError(.invalidControl, "\(setting.name)=\(setting.value) is not accepted by \(path): expected \(expected)",
                        path: path)
        }
        switch (setting.name, text) {
        case ("exposure", "auto"):
            let autoValues = [V4L2Device.KnownValue.exposureAperturePriority, V4L2Device.KnownValue.exposureAuto]
            if let item = autoValues.first(where: { value in control.menu.contains { $0.value == value } }) { return item }
            throw reject(control.menu.map { CameraControlSetting.normalize($0.name) }.joined(separator: ", "))
        case ("exposure", "manual"): return V4L2Device.KnownValue.exposureManual
        case ("focus", "auto"): return 1
        case ("focus", "manual"): return 0
        case ("torch", "on"), ("torch", "true"), ("led", "on"): return V4L2Device.KnownValue.ledTorch
        case ("torch", "off"), ("torch", "false"), ("led", "off"): return V4L2Device.KnownValue.ledNone
        default: break
        }
        switch control.kind {
        case .boolean:
            if ["on", "true", "yes", "1"].contains(text) { return 1 }
            if ["off", "false", "no", "0"].contains(text) { return 0 }
            throw reject("on or off")
        case .menu:
            if let number = Int(text), control.menu.contains(where: { $0.value == number }) { return number }
            let key = CameraControlSetting.normalize(text)
            if let item = control.menu.first(where: { CameraControlSetting.normalize($0.name) == key }) { return item.value }
            throw reject("one of " + control.menu.map { "\($0.value) (\(CameraControlSetting.normalize($0.name)))" }
                .joined(separator: ", "))
        case .integer:
            guard let number = Int(text), (control.minimum...control.maximum).contains(number) else {
                throw reject("an integer in \(control.minimum)...\(control.maximum)")
            }
            return number
        case .button:
            return 1
        case .other:
            throw reject("a control type this program can set (integer, switch, menu)")
        }
    }

    private static func set(_ control: CameraControlInfo, _ value: Int, on device: V4L2Device,
                            setting: CameraControlSetting) throws(CameraError) {
        let path = device.path
        if control.isReadOnly {
            throw CameraError(.invalidControl, "control \(control.name) of \(path) is read-only", path: path)
        }
        guard let number = device.setControl(id: control.id, value: Int32(clamping: value)) else { return }
        let reason = switch number {
        case EACCES: "the control is inactive while its automatic mode is on; set exposure=manual or focus=manual first"
        case EINVAL, ERANGE: CameraError.text(number)
        default: throw CameraError.fromErrno(number, operation: "cannot set \(control.name) on", path: path)
        }
        throw CameraError(.invalidControl, "\(path) refused \(control.name)=\(value) (\(setting)): \(reason)",
                          path: path, systemErrno: number)
    }
}

private extension String {
    func replacingUnderscores() -> String { String(map { $0 == "_" ? " " : $0 }) }
}
