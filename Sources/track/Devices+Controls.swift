import FrameSources

extension CameraControlInfo {
    /// The alias `--control` also takes for this control, if any.
    var controlAlias: String? {
        switch role {
        case .exposureMode: "exposure"
        case .exposureTime: "exposure_time"
        case .focusMode: "focus"
        case .focusPosition: "focus_position"
        case .torch: "torch"
        case .other: nil
        }
    }

    /// One line of `track devices`: the name (and alias) `--control` takes, the
    /// values it accepts, the default and the current value.
    var deviceListing: String {
        var line = name
        switch kind {
        case .integer: line += "=\(minimum)...\(maximum)" + (step > 1 ? " step \(step)" : "")
        case .boolean: line += "=on|off"
        case .menu: line += "=" + menu.map { CameraControlSetting.normalize($0.name) }.joined(separator: "|")
        case .button: line += " (button)"
        case .other: line += " (not settable here)"
        }
        switch role {
        case .exposureMode: line += " (also exposure=auto|manual)"
        case .focusMode: line += " (also focus=auto|manual)"
        case .torch: line += " (also torch=on|off)"
        case .exposureTime, .focusPosition: line += " (also \(controlAlias ?? name))"
        case .other: break
        }
        let shown = { (raw: Int) -> String in
            if self.kind == .menu, let item = self.menu.first(where: { $0.value == raw }) {
                return CameraControlSetting.normalize(item.name)
            }
            if self.kind == .boolean { return raw == 0 ? "off" : "on" }
            return String(raw)
        }
        if kind != .button { line += "  default \(shown(defaultValue))" + (value.map { ", now \(shown($0))" } ?? "") }
        if isInactive { line += "  (inactive while its automatic mode is on)" }
        if isReadOnly { line += "  (read-only)" }
        return line
    }
}
