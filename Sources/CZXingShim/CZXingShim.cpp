// zxing-cpp behind a C facade. Every entry point catches all C++ exceptions
// and turns them into a status code plus message.
#include "CZXingShim.h"

#include <BitMatrix.h>
#include <GTIN.h>
#include <MultiFormatWriter.h>
#include <ReadBarcode.h>

#include <algorithm>
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

OwnedSymbol makeSymbol(const ZXing::Result &result, int offsetX, int offsetY, bool inverted)
{
    OwnedSymbol owned;
    bool failed = static_cast<bool>(result.error());
    if (!failed) {
        owned.text = result.text();
        const ZXing::ByteArray &bytes = result.bytes();
        owned.bytes.assign(bytes.begin(), bytes.end());
        owned.addon = ZXing::GTIN::EanAddOn(result);
    } else {
        owned.errorMessage = result.error().msg();
    }
    owned.symbologyIdentifier = result.symbologyIdentifier();
    owned.ecLevel = result.ecLevel();
    owned.sequenceId = result.sequenceId();

    CZXingShim_symbol &v = owned.view;
    v.format = static_cast<int32_t>(result.format());
    v.content_type = failed ? 1 : static_cast<int32_t>(result.contentType());
    const auto &p = result.position();
    for (int i = 0; i < 4; ++i) {
        v.corners[2 * i] = p[i].x + offsetX;
        v.corners[2 * i + 1] = p[i].y + offsetY;
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
        s.view.error_message = s.errorMessage.c_str();
        s.view.symbology_identifier = s.symbologyIdentifier.c_str();
        s.view.ec_level = s.ecLevel.c_str();
        s.view.addon = s.addon.c_str();
        s.view.sequence_id = s.sequenceId.c_str();
    }
}

int centreX(const CZXingShim_symbol &s) { return (s.corners[0] + s.corners[2] + s.corners[4] + s.corners[6]) / 4; }
int centreY(const CZXingShim_symbol &s) { return (s.corners[1] + s.corners[3] + s.corners[5] + s.corners[7]) / 4; }

// The inverted pass may find symbols the normal pass also found (codes that
// read both ways are rare, but mixed images exist); keep the first of two
// that agree on format and content and lie within a few pixels.
bool isDuplicate(const OwnedSymbol &a, const OwnedSymbol &b)
{
    if (a.view.format != b.view.format || a.bytes != b.bytes || a.view.has_error != b.view.has_error)
        return false;
    return std::abs(centreX(a.view) - centreX(b.view)) < 8 && std::abs(centreY(a.view) - centreY(b.view)) < 8;
}

ZXing::DecodeHints hintsFrom(const CZXingShim_read_options &o)
{
    ZXing::DecodeHints hints;
    hints.setFormats(o.formats == 0 ? ZXing::BarcodeFormats(ZXing::BarcodeFormat::Any)
                                    : ZXing::BarcodeFormats(static_cast<ZXing::BarcodeFormat>(o.formats)));
    hints.setTryHarder(o.try_harder);
    hints.setTryRotate(o.try_rotate);
    hints.setTryDownscale(o.try_downscale);
    hints.setReturnErrors(o.return_errors);
    hints.setReturnCodabarStartEnd(o.codabar_start_stop);
    hints.setEanAddOnSymbol(o.read_addons ? ZXing::EanAddOnSymbol::Read : ZXing::EanAddOnSymbol::Ignore);
    hints.setMaxNumberOfSymbols(o.max_symbols <= 0 ? 0xff : static_cast<uint8_t>(std::min(o.max_symbols, 255)));
    return hints;
}

void readInto(std::vector<OwnedSymbol> &out, const ZXing::ImageView &view, const ZXing::DecodeHints &hints,
              int offsetX, int offsetY, bool inverted, size_t limit)
{
    for (const auto &result : ZXing::ReadBarcodes(view, hints)) {
        if (out.size() >= limit)
            return;
        OwnedSymbol symbol = makeSymbol(result, offsetX, offsetY, inverted);
        bool seen = std::any_of(out.begin(), out.end(), [&](const OwnedSymbol &o) { return isDuplicate(o, symbol); });
        if (!seen)
            out.push_back(std::move(symbol));
    }
}

} // namespace

struct CZXingShim_results {
    std::vector<OwnedSymbol> symbols;
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
        readInto(results->symbols, view, hints, cx, cy, false, limit);
        if (o.try_invert && results->symbols.size() < limit) {
            std::vector<uint8_t> inverted(static_cast<size_t>(view.width()) * view.height());
            for (int y = 0; y < view.height(); ++y) {
                const uint8_t *row = view.data(0, y);
                uint8_t *dst = inverted.data() + static_cast<size_t>(y) * view.width();
                for (int x = 0; x < view.width(); ++x)
                    dst[x] = static_cast<uint8_t>(255 - row[x]);
            }
            ZXing::ImageView invertedView(inverted.data(), view.width(), view.height(), ZXing::ImageFormat::Lum);
            readInto(results->symbols, invertedView, hints, cx, cy, true, limit);
        }
        bindViews(results->symbols);
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

extern "C" void CZXingShim_results_destroy(CZXingShim_results *results)
{
    delete results;
}

extern "C" CZXingShim_bitmap *CZXingShim_write(int32_t format, const char *text, int32_t width, int32_t height,
                                               int32_t margin, int32_t ec_level, int32_t *status, char *message,
                                               size_t message_capacity)
{
    *status = CZXingShim_ok;
    if (text == nullptr || width < 0 || height < 0) {
        *status = CZXingShim_error_invalid_argument;
        writeMessage(message, message_capacity, "text must not be NULL and sizes must not be negative");
        return nullptr;
    }
    try {
        ZXing::MultiFormatWriter writer(static_cast<ZXing::BarcodeFormat>(format));
        writer.setEncoding(ZXing::CharacterSet::UTF8);
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
