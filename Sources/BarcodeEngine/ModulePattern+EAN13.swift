import BarcodeTracking

/// Reading an EAN-13's digits from module luma.
///
/// zxing-cpp's misread of a fine EAN-13 can be the only payload it ever reads at that place (the
/// station scene's 4025194271322, read as 0774717491122 by an EAN-13-only reader, and first so),
/// so there may be no second read for the pixels to prefer (``TrackingEngine/pixelsPrefer(_:to:in:)``).
/// The read's ends place the code within a pixel or two. At each placement of 95 modules between
/// them (``placements(of:in:at:_:)``), each digit is the one whose 7 modules correlate best with
/// the luma there, as a decoder does with whole-pixel widths, but at sub-pixel module centres;
/// the placement whose digits fit best and pass the check digit gives a second candidate, which
/// must then win the pixels' comparison to replace the read.
extension ModulePattern {
    /// The 7 modules of each digit's odd-parity (L) code, `true` for dark; G is R reversed and R
    /// is L inverted.
    static let lCodes: [[Bool]] = ["0001101", "0011001", "0010011", "0111101", "0100011",
                                   "0110001", "0101111", "0111011", "0110111", "0001011"].map { $0.map { $0 == "1" } }

    /// Each digit's R code (right half): its L code inverted.
    static let rCodes = lCodes.map { $0.map { !$0 } }

    /// Each digit's G code (left half, even parity): its R code reversed.
    static let gCodes = rCodes.map { Array($0.reversed()) }

    /// For each first digit, which of the six left digits use even parity (G codes).
    static let firstDigitParities: [[Bool]] = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG",
                                               "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"].map { $0.map { $0 == "G" } }

    /// The 13 digits of an EAN-13 (a UPC-A with a leading 0) laid along `quad` (frame pixels,
    /// reading along its top side) that the luma of `image` spells best, over the placements of
    /// its 95 modules (``placements(of:in:at:_:)``) whose digits name a first digit and pass the
    /// check digit; `nil` when none does.
    static func ean13Digits(in image: LumaImage, at quad: Quadrilateral) -> String? {
        var best: (digits: String, score: Double)?
        placements(of: 95, in: image, at: quad) { samples in
            guard let read = ean13Digits(fromModuleLuma: samples), read.score > best?.score ?? -Double.infinity else { return }
            best = read
        }
        return best?.digits
    }

    /// The digits that 95 modules' luma `samples` (light high) spell, each the code that
    /// correlates best with its 7 modules, and the sum of those correlations over the luma's
    /// spread; `nil` when the left half's parities name no first digit or the check digit fails.
    static func ean13Digits(fromModuleLuma samples: [Double]) -> (digits: String, score: Double)? {
        guard samples.count == 95 else { return nil }
        let mean = samples.reduce(0, +) / 95
        let spread = (samples.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / 95).squareRoot()
        guard spread > 1e-9 else { return nil }
        // Darkness around the mean: a dark module scores positive.
        let dark = samples.map { mean - $0 }
        func score(_ start: Int, _ code: [Bool]) -> Double {
            (0..<7).reduce(0) { $0 + (code[$1] ? dark[start + $1] : -dark[start + $1]) }
        }
        var digits: [Int] = [], parities: [Bool] = [], total = 0.0
        for i in 0..<6 {
            let start = 3 + 7 * i
            var best = (digit: 0, even: false, score: -Double.infinity)
            for d in 0..<10 {
                let odd = score(start, lCodes[d]), even = score(start, gCodes[d])
                if odd > best.score { best = (d, false, odd) }
                if even > best.score { best = (d, true, even) }
            }
            digits.append(best.digit)
            parities.append(best.even)
            total += best.score
        }
        for i in 0..<6 {
            let start = 50 + 7 * i
            let digit = (0..<10).max { score(start, rCodes[$0]) < score(start, rCodes[$1]) }!
            digits.append(digit)
            total += score(start, rCodes[digit])
        }
        guard let first = firstDigitParities.firstIndex(of: parities) else { return nil }
        let all = [first] + digits
        let sum = all.dropLast().enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
        guard (10 - sum % 10) % 10 == all[12] else { return nil }
        return (all.map(String.init).joined(), total / spread)
    }
}
