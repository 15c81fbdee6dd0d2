// zxing-cpp behind a C facade. Every entry point catches all C++ exceptions
// and turns them into a status code plus message.
#include "CZXingShim.h"
#include "AssertionGuard.hpp"
#include "LinearExtent.hpp"
#include "LocalAverageThreshold.hpp"

#include <BitMatrix.h>
#include <GTIN.h>
#include <MultiFormatWriter.h>
#include <ReadBarcode.h>
#include <ZXVersion.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <vector>

namespace {

struct OwnedSymbol {
    std::string text;
    std::vector<uint8_t> bytes;
    std::vector<uint8_t> rawBytes;
    std::string errorMessage;
    std::string symbologyIdentifier;
    std::string ecLevel;
    std::string addon;
    std::string sequenceId;
    CZXingShim_symbol view{};
};

void writeMessage(char *message, size_t capacity, const std::string &text)
{
    if (message == nullptr || capacity == 0)
        return;
    size_t n = std::min(capacity - 1, text.size());
    std::memcpy(message, text.data(), n);
    message[n] = '\0';
}

int orientationOf(const ZXing::Result &result)
{
    return result.orientation();
}

czxingshim::Quad quadOf(const ZXing::Position &p)
{
    return {czxingshim::PointD{double(p[0].x), double(p[0].y)}, czxingshim::PointD{double(p[1].x), double(p[1].y)},
            czxingshim::PointD{double(p[2].x), double(p[2].y)}, czxingshim::PointD{double(p[3].x), double(p[3].y)}};
}

/// `quad` is in the pixels of the image zxing-cpp read (a pyramid level):
/// scaled and offset back to the caller's full image.
OwnedSymbol makeSymbol(const ZXing::Result &result, const czxingshim::Quad &quad, int offsetX, int offsetY, int scale,
                       bool inverted)
{
    OwnedSymbol owned;
    bool failed = static_cast<bool>(result.error());
    if (!failed) {
        owned.text = result.text();
        const ZXing::ByteArray &bytes = result.bytes();
        owned.bytes.assign(bytes.begin(), bytes.end());
        owned.addon = ZXing::GTIN::EanAddOn(result);
        if (result.format() == ZXing::BarcodeFormat::Aztec) {
            // Deprecated in 1.4 but the only view of the data bits, which the Swift side needs to
            // catch 1.4's Aztec decoder reading past their end (AztecOverrun.swift).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
            const ZXing::ByteArray &raw = result.rawBytes();
#pragma GCC diagnostic pop
            owned.rawBytes.assign(raw.begin(), raw.end());
        }
    } else {
        owned.errorMessage = result.error().msg();
    }
    owned.symbologyIdentifier = result.symbologyIdentifier();
    owned.ecLevel = result.ecLevel();
    owned.sequenceId = result.sequenceId();

    CZXingShim_symbol &v = owned.view;
    v.format = static_cast<int32_t>(result.format());
    v.content_type = failed ? 1 : static_cast<int32_t>(result.contentType());
    for (int i = 0; i < 4; ++i) {
        v.corners[2 * i] = static_cast<int32_t>(std::lround(quad[i].x * scale + scale / 2 + offsetX));
        v.corners[2 * i + 1] = static_cast<int32_t>(std::lround(quad[i].y * scale + scale / 2 + offsetY));
    }
    v.orientation = orientationOf(result);
    v.is_mirrored = result.isMirrored();
    v.is_inverted = inverted;
    v.has_error = failed;
    v.sequence_size = result.sequenceSize();
    v.sequence_index = result.sequenceIndex();
    v.line_count = result.lineCount();
    return owned;
}

// Pointers into the owned strings are set once the vector no longer moves.
void bindViews(std::vector<OwnedSymbol> &symbols)
{
    for (auto &s : symbols) {
        s.view.text = s.text.c_str();
        s.view.text_length = s.text.size();
        s.view.bytes = s.bytes.data();
        s.view.bytes_length = s.bytes.size();
        s.view.raw_bytes = s.rawBytes.data();
        s.view.raw_bytes_length = s.rawBytes.size();
        s.view.error_message = s.errorMessage.c_str();
        s.view.symbology_identifier = s.symbologyIdentifier.c_str();
        s.view.ec_level = s.ecLevel.c_str();
        s.view.addon = s.addon.c_str();
        s.view.sequence_id = s.sequenceId.c_str();
    }
}

int centreX(const CZXingShim_symbol &s) { return (s.corners[0] + s.corners[2] + s.corners[4] + s.corners[6]) / 4; }
int centreY(const CZXingShim_symbol &s) { return (s.corners[1] + s.corners[3] + s.corners[5] + s.corners[7]) / 4; }

bool centreInside(const CZXingShim_symbol &a, const CZXingShim_symbol &b, int slack)
{
    int minX = b.corners[0], maxX = b.corners[0], minY = b.corners[1], maxY = b.corners[1];
    for (int i = 1; i < 4; ++i) {
        minX = std::min(minX, b.corners[2 * i]);
        maxX = std::max(maxX, b.corners[2 * i]);
        minY = std::min(minY, b.corners[2 * i + 1]);
        maxY = std::max(maxY, b.corners[2 * i + 1]);
    }
    int x = centreX(a), y = centreY(a);
    return x >= minX - slack && x <= maxX + slack && y >= minY - slack && y <= maxY + slack;
}

// The same symbol can be found by several passes (pyramid levels, the
// inverted pass, another scan line of a 1D code). Two results are one symbol
// when format and content agree and either centre lies within the other.
bool isDuplicate(const OwnedSymbol &a, const OwnedSymbol &b)
{
    if (a.view.format != b.view.format || a.bytes != b.bytes || a.text != b.text || a.view.has_error != b.view.has_error)
        return false;
    return centreInside(a.view, b.view, 4) || centreInside(b.view, a.view, 4);
}

ZXing::DecodeHints hintsFrom(const CZXingShim_read_options &o)
{
    ZXing::DecodeHints hints;
    hints.setFormats(o.formats == 0 ? ZXing::BarcodeFormats(ZXing::BarcodeFormat::Any)
                                    : ZXing::BarcodeFormats(static_cast<ZXing::BarcodeFormat>(o.formats)));
    hints.setTryHarder(o.try_harder);
    hints.setTryRotate(o.try_rotate);
    // zxing-cpp 1.4's own pyramid compares results with Result::operator==,
    // which asserts (and Debian keeps asserts) for 1D codes seen on two levels
    // (upstream issues #516, #740). We build the pyramid ourselves instead.
    hints.setTryDownscale(false);
    hints.setReturnErrors(o.return_errors);
    hints.setReturnCodabarStartEnd(o.codabar_start_stop);
    hints.setTryCode39ExtendedMode(o.code39_full_ascii);
    hints.setEanAddOnSymbol(o.read_addons ? ZXing::EanAddOnSymbol::Read : ZXing::EanAddOnSymbol::Ignore);
    hints.setMaxNumberOfSymbols(o.max_symbols <= 0 ? 0xff : static_cast<uint8_t>(std::min(o.max_symbols, 255)));
    if (o.min_line_count > 0)
        hints.setMinLineCount(static_cast<uint8_t>(std::min(o.min_line_count, 255)));
    return hints;
}

bool addUnique(std::vector<OwnedSymbol> &out, OwnedSymbol symbol)
{
    bool seen = std::any_of(out.begin(), out.end(), [&](const OwnedSymbol &o) { return isDuplicate(o, symbol); });
    if (!seen)
        out.push_back(std::move(symbol));
    return !seen;
}

/// Paints a found symbol's quad (grown by `margin` pixels) white, so the next
/// read finds the other symbols.
void maskQuad(std::vector<uint8_t> &pixels, int width, int height, const czxingshim::Quad &q, double margin)
{
    double cx = 0, cy = 0;
    for (const auto &p : q) { cx += p.x / 4; cy += p.y / 4; }
    czxingshim::Quad grown;
    for (int i = 0; i < 4; ++i) {
        double dx = q[i].x - cx, dy = q[i].y - cy, len = std::max(1.0, std::hypot(dx, dy));
        grown[i] = {q[i].x + dx / len * margin, q[i].y + dy / len * margin};
    }
    double minX = grown[0].x, maxX = grown[0].x, minY = grown[0].y, maxY = grown[0].y;
    for (const auto &p : grown) {
        minX = std::min(minX, p.x); maxX = std::max(maxX, p.x);
        minY = std::min(minY, p.y); maxY = std::max(maxY, p.y);
    }
    int x0 = std::max(0, int(std::floor(minX))), x1 = std::min(width - 1, int(std::ceil(maxX)));
    int y0 = std::max(0, int(std::floor(minY))), y1 = std::min(height - 1, int(std::ceil(maxY)));
    for (int y = y0; y <= y1; ++y) {
        for (int x = x0; x <= x1; ++x) {
            // Inside a convex quad: the same side of all four edges.
            int sign = 0;
            bool inside = true;
            for (int i = 0; i < 4 && inside; ++i) {
                const auto &a = grown[i], &b = grown[(i + 1) % 4];
                double cross = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
                int s = cross > 0 ? 1 : (cross < 0 ? -1 : 0);
                if (s != 0) {
                    if (sign == 0) sign = s;
                    else if (s != sign) inside = false;
                }
            }
            if (inside)
                pixels[static_cast<size_t>(y) * width + x] = 255;
        }
    }
}

/// The full quads of the 1D symbol(s) behind one zxing-cpp result: grown
/// across the bars from its first and last scan line. Two quads when the
/// lines belong to two stacked labels with the same content; one spanning
/// both when `rowsOfOneSymbol` (a stacked DataBar: zxing-cpp 1.4 joins the
/// pairs it read on the symbol's rows into one result).
std::vector<czxingshim::Quad> linearQuads(const ZXing::ImageView &view, const ZXing::Position &p, bool rowsOfOneSymbol)
{
    using czxingshim::PointD;
    PointD p0{double(p[0].x), double(p[0].y)}, p1{double(p[1].x), double(p[1].y)};
    PointD p2{double(p[2].x), double(p[2].y)}, p3{double(p[3].x), double(p[3].y)};
    double ux = p1.x - p0.x, uy = p1.y - p0.y, len = std::max(1.0, std::hypot(ux, uy));
    PointD n{-uy / len, ux / len};
    double bottomOffset = (p3.x - p0.x) * n.x + (p3.y - p0.y) * n.y;
    if (bottomOffset < 0) {
        n = {-n.x, -n.y};
        bottomOffset = -bottomOffset;
    }
    czxingshim::LinearExtent extent(view);
    std::vector<czxingshim::Quad> quads;
    auto top = extent.around(p0, p1, n);
    if (top)
        quads.push_back(*top);
    double topReach = top ? ((*top)[3].x - p0.x) * n.x + ((*top)[3].y - p0.y) * n.y : 0;
    if (bottomOffset > topReach + 2) {
        if (auto bottom = extent.around(p3, p2, n)) {
            if (rowsOfOneSymbol && top)
                quads[0] = czxingshim::Quad{(*top)[0], (*top)[1], (*bottom)[2], (*bottom)[3]};
            else
                quads.push_back(*bottom);
        }
    }
    if (quads.empty())
        quads.push_back(quadOf(p));
    return quads;
}

struct GuardedRead {
    const ZXing::ImageView *view;
    const ZXing::DecodeHints *hints;
    ZXing::Results results;
    std::string exception;
};

/// ZXing::ReadBarcodes behind the assertion guard; false (results empty,
/// `warnings` extended) when zxing-cpp failed an internal assertion or threw
/// (1.4 throws e.g. "BitSource::readBits: out of range" on some damaged
/// symbols): one bad pass loses only that pass, not the whole read.
bool readGuarded(const ZXing::ImageView &view, const ZXing::DecodeHints &hints, ZXing::Results &out,
                 std::vector<std::string> &warnings)
{
    GuardedRead call{&view, &hints, {}, {}};
    std::string failure;
    bool ok = czxingshim::runGuarded(
        [](void *context) {
            auto *c = static_cast<GuardedRead *>(context);
            // Caught here, inside the guard, so no exception unwinds through it.
            try {
                c->results = ZXing::ReadBarcodes(*c->view, *c->hints);
            } catch (const std::bad_alloc &) {
                throw;
            } catch (const std::exception &e) {
                c->exception = e.what();
            } catch (...) {
                c->exception = "unknown exception";
            }
        },
        &call, failure);
    if (!ok) {
        warnings.push_back("zxing-cpp 1.4 failed an internal check (" + failure + "); codes of that pass may be missing");
        return false;
    }
    if (!call.exception.empty()) {
        warnings.push_back("zxing-cpp 1.4 threw (" + call.exception + "); codes of that pass may be missing");
        return false;
    }
    out = std::move(call.results);
    return true;
}

constexpr int eanUpcFamily = static_cast<int>(ZXing::BarcodeFormat::EAN8) | static_cast<int>(ZXing::BarcodeFormat::EAN13) |
                             static_cast<int>(ZXing::BarcodeFormat::UPCA) | static_cast<int>(ZXing::BarcodeFormat::UPCE);

/// zxing-cpp may decode an EAN/UPC symbol on a scan line that misses its
/// add-on; then only a result without the add-on comes back. Look again in a
/// crop reaching to the right of the symbol, with the add-on required.
std::optional<ZXing::Result> withAddOn(const ZXing::ImageView &view, const ZXing::Result &main, const czxingshim::Quad &quad,
                                       ZXing::DecodeHints hints, std::vector<std::string> &warnings)
{
    double minX = quad[0].x, maxX = quad[0].x, minY = quad[0].y, maxY = quad[0].y;
    for (const auto &p : quad) {
        minX = std::min(minX, p.x); maxX = std::max(maxX, p.x);
        minY = std::min(minY, p.y); maxY = std::max(maxY, p.y);
    }
    double w = maxX - minX, h = std::max(maxY - minY, 8.0);
    int x0 = std::max(0, int(minX - 0.15 * w)), y0 = std::max(0, int(minY - 0.1 * h));
    int x1 = std::min(view.width(), int(maxX + 0.7 * w)), y1 = std::min(view.height(), int(maxY + 0.1 * h));
    if (x1 - x0 < 16 || y1 - y0 < 4)
        return std::nullopt;
    hints.setFormats(main.format());
    hints.setEanAddOnSymbol(ZXing::EanAddOnSymbol::Require);
    hints.setTryRotate(false);
    hints.setMaxNumberOfSymbols(1);
    ZXing::Results found;
    if (!readGuarded(view.cropped(x0, y0, x1 - x0, y1 - y0), hints, found, warnings) || found.empty())
        return std::nullopt;
    const std::string &text = found.front().text();
    if (text.rfind(main.text(), 0) != 0 || ZXing::GTIN::EanAddOn(found.front()).empty())
        return std::nullopt;
    return found.front();
}

/// The image the 2-D readers are given, and `hints` set to read it: `view`
/// itself for zxing-cpp to binarize, or (when it is large enough for zxing-cpp
/// to binarize by local average) its black matrix made here, the same bit for
/// bit in a third of the time, for zxing-cpp to read as is (BoolCast: 0 is
/// black). The matrix lives in a buffer of this thread until its next call.
ZXing::ImageView binarizedForMatrixCodes(const ZXing::ImageView &view, ZXing::DecodeHints &hints, bool zxingBinarizer)
{
    if (zxingBinarizer || hints.binarizer() != ZXing::Binarizer::LocalAverage || view.pixStride() != 1
        || view.width() < czxingshim::localAverageMinimumSide || view.height() < czxingshim::localAverageMinimumSide)
        return view;
    thread_local std::vector<uint8_t> matrix;
    matrix.resize(static_cast<size_t>(view.width()) * view.height());
    czxingshim::localAverageThreshold(view.data(0, 0), view.width(), view.height(), view.rowStride(), matrix.data());
    hints.setBinarizer(ZXing::Binarizer::BoolCast);
    return ZXing::ImageView(matrix.data(), view.width(), view.height(), ZXing::ImageFormat::Lum);
}

constexpr int dataBarFamily = static_cast<int>(ZXing::BarcodeFormat::DataBar) | static_cast<int>(ZXing::BarcodeFormat::DataBarExpanded);

/// Reads one image (one pyramid level, maybe inverted).
///
/// zxing-cpp 1.4's ReadBarcodes asserts (Debian keeps asserts, so the process
/// aborts) when a 1D reader returns two symbols with the same content
/// (upstream issues #516, #740) - repeated labels on a pallet. So 2D formats
/// are read in one call, and 1D formats one symbol per call with the found
/// symbol masked out before the next call.
void readLevel(std::vector<OwnedSymbol> &out, std::vector<std::string> &warnings, const ZXing::ImageView &view,
               ZXing::DecodeHints hints, int requested, int offsetX, int offsetY, int scale, bool inverted, size_t limit,
               bool zxingBinarizer)
{
    if (view.width() < 1 || view.height() < 1)
        return; // zxing-cpp 1.4 crashes (SIGSEGV) on an empty image
    const int linear = requested & static_cast<int>(ZXing::BarcodeFormat::LinearCodes);
    const int matrix = requested & static_cast<int>(ZXing::BarcodeFormat::MatrixCodes);
    if (matrix != 0 && out.size() < limit) {
        ZXing::DecodeHints matrixHints = hints;
        matrixHints.setFormats(static_cast<ZXing::BarcodeFormat>(matrix));
        ZXing::Results found;
        readGuarded(binarizedForMatrixCodes(view, matrixHints, zxingBinarizer), matrixHints, found, warnings);
        for (const auto &result : found) {
            if (out.size() >= limit)
                return;
            addUnique(out, makeSymbol(result, quadOf(result.position()), offsetX, offsetY, scale, inverted));
        }
    }
    if (linear == 0 || out.size() >= limit)
        return;
    int formats = linear;
    hints.setFormats(static_cast<ZXing::BarcodeFormat>(formats));
    hints.setMaxNumberOfSymbols(1);
    // The copy found symbols are painted out of, in a buffer of this thread kept from read
    // to read: `track` gives every block over 128 KiB a mapping of its own (flat memory for
    // whole shifts), which the kernel would fault in and zero again on every read.
    thread_local std::vector<uint8_t> kept;
    std::vector<uint8_t> &work = kept;
    const int width = view.width(), height = view.height(), pixStride = view.pixStride();
    work.resize(static_cast<size_t>(width) * height);
    uint8_t *target = work.data();
    for (int y = 0; y < height; ++y, target += width) {
        const uint8_t *row = view.data(0, y);
        if (pixStride == 1) {
            std::memcpy(target, row, static_cast<size_t>(width));
        } else {
            for (int x = 0; x < width; ++x)
                target[x] = row[x * pixStride];
        }
    }
    ZXing::ImageView workView(work.data(), view.width(), view.height(), ZXing::ImageFormat::Lum);
    int budget = 2 * static_cast<int>(std::min<size_t>(limit, 128)) + 8;
    while (out.size() < limit && budget-- > 0) {
        ZXing::Results found;
        if (!readGuarded(workView, hints, found, warnings)) {
            // The DataBar readers are where 1.4's checks fail, when they read a
            // symbol on several scan lines. Fewer lines (no tryHarder) often
            // avoid it; failing that, go on without DataBar.
            if ((formats & dataBarFamily) == 0)
                break;
            if (hints.tryHarder()) {
                hints.setTryHarder(false);
            } else {
                formats &= ~dataBarFamily;
                if (formats == 0)
                    break;
                hints.setFormats(static_cast<ZXing::BarcodeFormat>(formats));
            }
            continue;
        }
        if (found.empty())
            break;
        const ZXing::Result &result = found.front();
        std::vector<czxingshim::Quad> quads = result.error() ? std::vector<czxingshim::Quad>{quadOf(result.position())}
                                                             : linearQuads(workView, result.position(),
                                                                           (static_cast<int>(result.format()) & dataBarFamily) != 0);
        for (const auto &quad : quads) {
            if (out.size() < limit) {
                std::optional<ZXing::Result> completed;
                if (!result.error() && hints.eanAddOnSymbol() != ZXing::EanAddOnSymbol::Ignore
                    && (static_cast<int>(result.format()) & eanUpcFamily) != 0 && ZXing::GTIN::EanAddOn(result).empty())
                    completed = withAddOn(view, result, quad, hints, warnings);
                addUnique(out, makeSymbol(completed ? *completed : result, quad, offsetX, offsetY, scale, inverted));
            }
            maskQuad(work, view.width(), view.height(), quad, 3);
        }
    }
}

std::vector<uint8_t> invertedCopy(const ZXing::ImageView &view)
{
    std::vector<uint8_t> out(static_cast<size_t>(view.width()) * view.height());
    for (int y = 0; y < view.height(); ++y) {
        const uint8_t *row = view.data(0, y);
        uint8_t *dst = out.data() + static_cast<size_t>(y) * view.width();
        for (int x = 0; x < view.width(); ++x)
            dst[x] = static_cast<uint8_t>(255 - row[x * view.pixStride()]);
    }
    return out;
}

/// One level of our own image pyramid; `pixels` owns the data of downscaled levels.
struct Level {
    ZXing::ImageView view;
    std::shared_ptr<std::vector<uint8_t>> pixels;
    int scale;
};

/// The image averaged over 2x2 blocks.
Level halved(const ZXing::ImageView &src, int scale)
{
    int w = src.width() / 2, h = src.height() / 2;
    auto pixels = std::make_shared<std::vector<uint8_t>>(static_cast<size_t>(w) * h);
    for (int y = 0; y < h; ++y) {
        const uint8_t *r0 = src.data(0, 2 * y), *r1 = src.data(0, 2 * y + 1);
        int ps = src.pixStride();
        for (int x = 0; x < w; ++x) {
            int sum = r0[2 * x * ps] + r0[(2 * x + 1) * ps] + r1[2 * x * ps] + r1[(2 * x + 1) * ps];
            (*pixels)[static_cast<size_t>(y) * w + x] = static_cast<uint8_t>((sum + 2) / 4);
        }
    }
    return Level{ZXing::ImageView(pixels->data(), w, h, ZXing::ImageFormat::Lum), pixels, scale * 2};
}

} // namespace

struct CZXingShim_results {
    std::vector<OwnedSymbol> symbols;
    std::vector<std::string> warnings;
    std::string warningText;
};

extern "C" CZXingShim_results *CZXingShim_read_luma(const uint8_t *pixels, int32_t width, int32_t height,
                                                    int32_t row_stride, const CZXingShim_read_options *options,
                                                    int32_t *status, char *message, size_t message_capacity)
{
    *status = CZXingShim_ok;
    if (pixels == nullptr || width <= 0 || height <= 0 || row_stride < width) {
        *status = CZXingShim_error_invalid_argument;
        writeMessage(message, message_capacity, "image must be at least 1x1 with row stride >= width");
        return nullptr;
    }
    CZXingShim_read_options o = options ? *options : CZXingShim_read_options{};
    try {
        auto results = std::make_unique<CZXingShim_results>();
        ZXing::ImageView full(pixels, width, height, ZXing::ImageFormat::Lum, row_stride);
        int cx = 0, cy = 0;
        ZXing::ImageView view = full;
        if (o.crop_width > 0 && o.crop_height > 0) {
            cx = std::clamp(o.crop_x, 0, width - 1);
            cy = std::clamp(o.crop_y, 0, height - 1);
            view = full.cropped(cx, cy, o.crop_width - (cx - o.crop_x), o.crop_height - (cy - o.crop_y));
        }
        size_t limit = o.max_symbols > 0 ? static_cast<size_t>(o.max_symbols) : SIZE_MAX;
        ZXing::DecodeHints hints = hintsFrom(o);
        const int requested = o.formats == 0 ? static_cast<int>(ZXing::BarcodeFormat::Any) : o.formats;
        std::vector<uint8_t> inverted;
        if (o.try_invert)
            inverted = invertedCopy(view);
        // Level 0 is the image itself; with try_downscale, each further level
        // halves it while its larger side stays at least 500 pixels.
        Level level{view, {}, 1};
        while (true) {
            readLevel(results->symbols, results->warnings, level.view, hints, requested, cx, cy, level.scale, false, limit,
                      o.zxing_binarizer);
            if (o.try_invert && results->symbols.size() < limit) {
                std::vector<uint8_t> levelInverted = level.scale == 1 ? inverted : invertedCopy(level.view);
                ZXing::ImageView invertedView(levelInverted.data(), level.view.width(), level.view.height(), ZXing::ImageFormat::Lum);
                readLevel(results->symbols, results->warnings, invertedView, hints, requested, cx, cy, level.scale, true, limit,
                          o.zxing_binarizer);
            }
            // zxing-cpp 1.4 dereferences row 0 of any image it is given, so a
            // level with no rows or columns (a 1000x1 frame halved to 500x0)
            // crashed the process with SIGSEGV: never build one.
            if (!o.try_downscale || results->symbols.size() >= limit || std::max(level.view.width(), level.view.height()) / 2 < 500
                || std::min(level.view.width(), level.view.height()) / 2 < 1)
                break;
            level = halved(level.view, level.scale);
        }
        bindViews(results->symbols);
        for (const auto &w : results->warnings)
            results->warningText += (results->warningText.empty() ? "" : "; ") + w;
        return results.release();
    } catch (const std::bad_alloc &) {
        *status = CZXingShim_error_out_of_memory;
        writeMessage(message, message_capacity, "out of memory while decoding");
    } catch (const std::exception &e) {
        *status = CZXingShim_error_library;
        writeMessage(message, message_capacity, std::string("zxing-cpp: ") + e.what());
    } catch (...) {
        *status = CZXingShim_error_library;
        writeMessage(message, message_capacity, "zxing-cpp: unknown exception");
    }
    return nullptr;
}

extern "C" size_t CZXingShim_results_count(const CZXingShim_results *results)
{
    return results ? results->symbols.size() : 0;
}

extern "C" const CZXingShim_symbol *CZXingShim_results_at(const CZXingShim_results *results, size_t index)
{
    if (!results || index >= results->symbols.size())
        return nullptr;
    return &results->symbols[index].view;
}

extern "C" const char *CZXingShim_results_warning(const CZXingShim_results *results)
{
    return results && !results->warningText.empty() ? results->warningText.c_str() : nullptr;
}

extern "C" void CZXingShim_results_destroy(CZXingShim_results *results)
{
    delete results;
}

extern "C" CZXingShim_bitmap *CZXingShim_write(int32_t format, const char *text, int32_t width, int32_t height,
                                               int32_t margin, int32_t ec_level, bool binary, int32_t *status,
                                               char *message, size_t message_capacity)
{
    *status = CZXingShim_ok;
    if (text == nullptr || width < 0 || height < 0) {
        *status = CZXingShim_error_invalid_argument;
        writeMessage(message, message_capacity, "text must not be NULL and sizes must not be negative");
        return nullptr;
    }
    try {
        ZXing::MultiFormatWriter writer(static_cast<ZXing::BarcodeFormat>(format));
        writer.setEncoding(binary ? ZXing::CharacterSet::ISO8859_1 : ZXing::CharacterSet::UTF8);
        if (margin >= 0)
            writer.setMargin(margin);
        if (ec_level >= 0)
            writer.setEccLevel(ec_level);
        ZXing::BitMatrix matrix = writer.encode(std::string(text), width, height);
        auto luma = ZXing::ToMatrix<uint8_t>(matrix);
        auto bitmap = static_cast<CZXingShim_bitmap *>(std::calloc(1, sizeof(CZXingShim_bitmap)));
        if (!bitmap)
            throw std::bad_alloc();
        bitmap->width = luma.width();
        bitmap->height = luma.height();
        size_t count = static_cast<size_t>(luma.width()) * luma.height();
        bitmap->pixels = static_cast<uint8_t *>(std::malloc(count ? count : 1));
        if (!bitmap->pixels) {
            std::free(bitmap);
            throw std::bad_alloc();
        }
        std::memcpy(bitmap->pixels, luma.data(), count);
        return bitmap;
    } catch (const std::bad_alloc &) {
        *status = CZXingShim_error_out_of_memory;
        writeMessage(message, message_capacity, "out of memory while rendering");
    } catch (const std::exception &e) {
        *status = CZXingShim_error_invalid_argument;
        writeMessage(message, message_capacity, e.what());
    } catch (...) {
        *status = CZXingShim_error_library;
        writeMessage(message, message_capacity, "zxing-cpp: unknown exception");
    }
    return nullptr;
}

extern "C" void CZXingShim_bitmap_destroy(CZXingShim_bitmap *bitmap)
{
    if (!bitmap)
        return;
    std::free(bitmap->pixels);
    std::free(bitmap);
}

extern "C" bool CZXingShim_local_average_matrix(const uint8_t *pixels, int32_t width, int32_t height, int32_t row_stride,
                                                uint8_t *out)
{
    if (pixels == nullptr || out == nullptr || width < czxingshim::localAverageMinimumSide
        || height < czxingshim::localAverageMinimumSide || row_stride < width)
        return false;
    czxingshim::localAverageThreshold(pixels, width, height, row_stride, out);
    return true;
}

#define CZXINGSHIM_STRING(x) #x
#define CZXINGSHIM_VERSION(major, minor, patch) CZXINGSHIM_STRING(major) "." CZXINGSHIM_STRING(minor) "." CZXINGSHIM_STRING(patch)

const char *CZXingShim_version(void) {
    return CZXINGSHIM_VERSION(ZXING_VERSION_MAJOR, ZXING_VERSION_MINOR, ZXING_VERSION_PATCH);
}
