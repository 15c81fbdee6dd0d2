import BarcodeTracking

/// An EAN-13 / UPC-A read from the luma at each module's centre, where zxing-cpp found the code.
///
/// zxing-cpp measures bar widths in whole pixels. At about 2 frame pixels a module, with the
/// module edges half-way between pixel centres, a bar's width is off by a pixel as often as not,
/// and a code that crosses the view at a whole number of pixels a frame keeps that phase: the
/// same wrong digits, with a valid check digit, on every frame and in every window (the station
/// scene's EAN-13 4070971516585, read only as UPC-A 010917516525 while it crossed the view).
/// The luma at each module's centre, sampled between the pixels (``ModulePattern``), still
/// tells dark from light: each digit is the code of the standard's tables (L, G, R) that
/// matches its seven modules best, the first digit follows from the left half's L/G parities,
/// and the check digit must hold. ``TrackingEngine/checkingFineRetailRead(_:in:)`` takes such
/// a reading only where it fits the pixels better than zxing-cpp's (``TrackingEngine/pixelsPrefer(_:to:in:)``).
enum RetailModuleReading {
    /// Modules of an EAN-13 or UPC-A code, guards included, quiet zones not.
    static let moduleCount = 95

    /// The L codes of the digits 0...9, one `true` per dark module (GS1 General Specifications
    /// 5.2.1.2.1); an R code is an L code's complement, a G code an R code reversed.
    static let leftOddCodes: [[Bool]] = [
        "0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011",
    ].map { $0.map { $0 == "1" } }

    /// The left half's parities (`true` for G) that encode each first digit 0...9.
    static let firstDigitParities: [[Bool]] = [
        "LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL",
    ].map { $0.map { $0 == "G" } }

    /// The thirteen digits read from the module centres of `image` under `quad` (frame pixels;
    /// its top side in reading order, each end tried at the ``ModulePattern/endShifts``): the
    /// reading whose digits match best over all shifts, when its parities name a first digit and
    /// its check digit holds; `nil` otherwise.
    static func digits(in image: LumaImage, at quad: Quadrilateral) -> String? {
        var best: (score: Double, digits: [Int]?) = (-.infinity, nil)
        ModulePattern.forEachSampling(of: moduleCount, in: image, at: quad) { samples in
            let reading = read(samples)
            if reading.score > best.score { best = (reading.score, reading.digits) }
        }
        guard let digits = best.digits else { return nil }
        return digits.map(String.init).joined()
    }

    /// The guard bars' modules (`true` dark) and where each guard starts: start, middle, end.
    static let guards: [(first: Int, code: [Bool])] = [
        (0, [true, false, true]), (45, [false, true, false, true, false]), (92, [true, false, true]),
    ]

    /// The digits whose codes best match `samples` (luma of the 95 modules) and their summed
    /// match; `digits` is `nil` when a guard or a digit matches no better than its opposite
    /// (a blank patch matches nothing), or the parities or the check digit are not a code's.
    static func read(_ samples: [Double]) -> (score: Double, digits: [Int]?) {
        let mean = samples.reduce(0, +) / Double(samples.count)
        // Darkness around the mean: a dark module's sample counts for its code's dark modules.
        let dark = samples.map { mean - $0 }
        func match(_ code: [Bool], at first: Int) -> Double {
            zip(dark[first..<first + code.count], code).reduce(0.0) { $0 + ($1.1 ? $1.0 : -$1.0) }
        }
        var score = 0.0, digits: [Int] = [], parities: [Bool] = [], every = true
        for (first, code) in guards {
            let s = match(code, at: first)
            score += s
            every = every && s > 0
        }
        for position in 0..<12 {
            let first = position < 6 ? 3 + 7 * position : 50 + 7 * (position - 6)
            var choice = (score: -Double.infinity, digit: 0, even: false)
            for digit in 0..<10 {
                let odd = leftOddCodes[digit]
                // Left half: L (odd parity) or G; right half: R, the L code's complement.
                let candidates: [(code: [Bool], even: Bool)] =
                    position < 6 ? [(odd, false), (odd.map { !$0 }.reversed(), true)] : [(odd.map { !$0 }, false)]
                for (code, even) in candidates {
                    let s = match(code, at: first)
                    if s > choice.score { choice = (s, digit, even) }
                }
            }
            score += choice.score
            every = every && choice.score > 0
            digits.append(choice.digit)
            if position < 6 { parities.append(choice.even) }
        }
        guard every, let first = firstDigitParities.firstIndex(of: parities) else { return (score, nil) }
        let all = [first] + digits
        let weighted = all.dropLast().enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
        return (score, (10 - weighted % 10) % 10 == all.last ? all : nil)
    }
}
