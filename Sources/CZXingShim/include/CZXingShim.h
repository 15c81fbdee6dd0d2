// Plain C facade over zxing-cpp 1.4 (C++17 inside). No C++ type or exception
// crosses this header: every call returns a status or NULL plus a message.
#ifndef CZXINGSHIM_H
#define CZXINGSHIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Barcode format bits, identical to zxing-cpp 1.4's `BarcodeFormat` values.
enum {
    CZXingShim_format_aztec = 1 << 0,
    CZXingShim_format_codabar = 1 << 1,
    CZXingShim_format_code39 = 1 << 2,
    CZXingShim_format_code93 = 1 << 3,
    CZXingShim_format_code128 = 1 << 4,
    CZXingShim_format_databar = 1 << 5,
    CZXingShim_format_databar_expanded = 1 << 6,
    CZXingShim_format_datamatrix = 1 << 7,
    CZXingShim_format_ean8 = 1 << 8,
    CZXingShim_format_ean13 = 1 << 9,
    CZXingShim_format_itf = 1 << 10,
    CZXingShim_format_maxicode = 1 << 11,
    CZXingShim_format_pdf417 = 1 << 12,
    CZXingShim_format_qrcode = 1 << 13,
    CZXingShim_format_upca = 1 << 14,
    CZXingShim_format_upce = 1 << 15,
    CZXingShim_format_microqrcode = 1 << 16,
};

/// Status codes of the facade.
enum {
    CZXingShim_ok = 0,
    CZXingShim_error_invalid_argument = 1,
    CZXingShim_error_library = 2,
    CZXingShim_error_out_of_memory = 3,
};

/// Reader options. Zero-initialised means: all formats, no extras.
typedef struct CZXingShim_read_options {
    /// Bit set of CZXingShim_format_*; 0 = every format.
    int32_t formats;
    bool try_harder;
    bool try_rotate;
    bool try_invert;
    bool try_downscale;
    /// Also return symbols that were located but failed to decode.
    bool return_errors;
    /// Read EAN-2/EAN-5 add-ons next to EAN/UPC codes.
    bool read_addons;
    /// Keep Codabar start/stop characters in the text.
    bool codabar_start_stop;
    /// Decode Code 39 Full ASCII (`+A` -> `a`) when the symbol is valid as such.
    bool code39_full_ascii;
    /// Binarize 2-D reads with zxing-cpp's own code (scalar loops) instead of
    /// the shim's vectorised copy of it: the same black matrix, bit for bit,
    /// about three times slower. For timing zxing-cpp as shipped.
    bool zxing_binarizer;
    /// 0 = unlimited, otherwise 1...255.
    int32_t max_symbols;
    /// Crop region in image pixels; width or height 0 = the whole image.
    int32_t crop_x, crop_y, crop_width, crop_height;
    /// Rows a 1-D symbol must be read on to be reported; 0 = zxing-cpp's default (2).
    int32_t min_line_count;
} CZXingShim_read_options;

/// One decoded (or, with return_errors, located) symbol. Corners are in the
/// pixels of the full image passed in (crop offset already added), in
/// zxing-cpp's order: top-left, top-right, bottom-right, bottom-left of the
/// symbol itself.
typedef struct CZXingShim_symbol {
    int32_t format;
    /// UTF-8 text as zxing-cpp renders it (NUL-terminated, may contain NULs; use text_length).
    const char *text;
    size_t text_length;
    /// Content bytes, exactly as encoded in the symbol (no ECI conversion).
    const uint8_t *bytes;
    size_t bytes_length;
    /// Aztec only (empty for other formats): the symbol's error-corrected data bits, packed
    /// 8 to a byte, most significant first (zxing-cpp's rawBytes), so that the caller can check
    /// the content against them.
    const uint8_t *raw_bytes;
    size_t raw_bytes_length;
    /// zxing-cpp ContentType: 0 text, 1 binary, 2 mixed, 3 GS1, 4 ISO15434, 5 unknown ECI.
    int32_t content_type;
    int32_t corners[8];
    /// Rotation of the symbol in degrees (0, 90, 180, 270 or in between for 1D).
    int32_t orientation;
    bool is_mirrored;
    bool is_inverted;
    /// True when the symbol was located but did not decode (text empty).
    bool has_error;
    const char *error_message;
    const char *symbology_identifier;
    const char *ec_level;
    /// EAN-2/EAN-5 add-on digits, empty when none.
    const char *addon;
    /// Structured append: size -1 when not part of a sequence.
    int32_t sequence_size;
    int32_t sequence_index;
    const char *sequence_id;
    int32_t line_count;
} CZXingShim_symbol;

typedef struct CZXingShim_results CZXingShim_results;

/// Reads symbols from an 8-bit luma buffer (`row_stride` bytes per row).
/// Returns NULL and fills `message` (up to `message_capacity` bytes) on error.
CZXingShim_results *CZXingShim_read_luma(const uint8_t *pixels, int32_t width, int32_t height,
                                         int32_t row_stride, const CZXingShim_read_options *options,
                                         int32_t *status, char *message, size_t message_capacity);

size_t CZXingShim_results_count(const CZXingShim_results *results);
const CZXingShim_symbol *CZXingShim_results_at(const CZXingShim_results *results, size_t index);
/// A note when a pass was cut short (zxing-cpp 1.4 failed one of its own
/// internal checks on this image and some codes may be missing), else NULL.
const char *CZXingShim_results_warning(const CZXingShim_results *results);
void CZXingShim_results_destroy(CZXingShim_results *results);

/// A rendered symbol: `width` x `height` 8-bit luma, 0 = black, 255 = white.
typedef struct CZXingShim_bitmap {
    int32_t width;
    int32_t height;
    uint8_t *pixels;
} CZXingShim_bitmap;

/// Renders `text` as `format` with zxing-cpp's MultiFormatWriter. `width` and
/// `height` are the requested size in pixels (0 = the symbol's natural size),
/// `margin` the quiet zone in pixels (-1 = the writer's default), `ec_level`
/// -1 for the default. With `binary` true every code point of `text` (which
/// must be U+0000...U+00FF) is written as one byte (ISO-8859-1), so arbitrary
/// byte payloads can be rendered. Returns NULL and fills `message` on error.
CZXingShim_bitmap *CZXingShim_write(int32_t format, const char *text, int32_t width, int32_t height,
                                    int32_t margin, int32_t ec_level, bool binary, int32_t *status,
                                    char *message, size_t message_capacity);
void CZXingShim_bitmap_destroy(CZXingShim_bitmap *bitmap);

/// The black matrix zxing-cpp 1.4's LocalAverage binarizer makes of a luma
/// image, as the shim computes it for 2-D reads (unless `zxing_binarizer`):
/// `out` (`width` * `height` bytes, packed) gets 0 where a pixel is black and
/// 255 where it is white. False (and `out` untouched) when a side is below
/// 40 pixels, where zxing-cpp binarizes by global histogram instead, or when
/// `row_stride` < `width`.
bool CZXingShim_local_average_matrix(const uint8_t *pixels, int32_t width, int32_t height, int32_t row_stride,
                                     uint8_t *out);

/// The version of zxing-cpp this shim was compiled against ("1.4.0"), from its `ZXVersion.h`.
const char *CZXingShim_version(void);

#ifdef __cplusplus
}
#endif

#endif
