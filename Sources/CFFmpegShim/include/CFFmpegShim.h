// Plain C facade over FFmpeg 5.1 (libavformat, libavcodec, libswscale,
// libavutil). No FFmpeg type crosses this header: readers and writers are
// opaque handles, every call returns a status plus, on failure, the AVERROR
// or errno and a message. FFmpeg's own log output is never printed; the last
// error line FFmpeg logged on the calling thread is kept for messages.
#ifndef CFFMPEGSHIM_H
#define CFFMPEGSHIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status codes of the facade. Negative values never appear: a failing call
/// returns one of these and fills a CFFmpegShim_error.
enum {
    CFFmpegShim_ok = 0,
    /// A path or argument is unusable (NULL, wrong size, unknown extension).
    CFFmpegShim_error_invalid_argument = 1,
    /// The file does not exist (errno ENOENT) or no file matches a pattern.
    CFFmpegShim_error_not_found = 2,
    /// The path names a directory or another non-regular file.
    CFFmpegShim_error_not_a_file = 3,
    /// The file has zero bytes.
    CFFmpegShim_error_empty_file = 4,
    /// The file cannot be opened for reading or writing (errno set).
    CFFmpegShim_error_io = 5,
    /// FFmpeg does not recognise the contents as media it can read.
    CFFmpegShim_error_unsupported_format = 6,
    /// The file holds no video or image stream.
    CFFmpegShim_error_no_video_stream = 7,
    /// No decoder or encoder is available for the codec.
    CFFmpegShim_error_codec_unavailable = 8,
    /// The picture is larger than the pixel limit given to the reader.
    CFFmpegShim_error_too_large = 9,
    /// Data could not be decoded (for a single image: nothing decoded at all).
    CFFmpegShim_error_decode = 10,
    /// Encoding or writing the output failed.
    CFFmpegShim_error_encode = 11,
    /// Memory allocation failed.
    CFFmpegShim_error_out_of_memory = 12,
    /// Any other FFmpeg failure (see averror and message).
    CFFmpegShim_error_library = 13,
};

/// Details of a failure. `averror` is the FFmpeg return code (negative) or 0,
/// `system_errno` the errno or 0. `message` is a NUL-terminated English
/// sentence; `library_message` the last error line FFmpeg logged, or empty.
/// `width`/`height` are set for CFFmpegShim_error_too_large: the size the header or the
/// decoder announced, never negative (64 bits, so that a forged 32-bit header size such as
/// 3808428567 is reported as it is, not wrapped).
typedef struct CFFmpegShim_error {
    int32_t status;
    int32_t averror;
    int32_t system_errno;
    int64_t width;
    int64_t height;
    char message[512];
    char library_message[512];
} CFFmpegShim_error;

// MARK: - Reading

typedef struct CFFmpegShim_reader CFFmpegShim_reader;

/// What the reader knows about the stream after opening.
typedef struct CFFmpegShim_reader_info {
    /// Coded picture size in pixels (0 when the container does not say).
    int32_t width;
    int32_t height;
    /// Nominal frame rate as a fraction; 0/1 when unknown.
    int32_t rate_numerator;
    int32_t rate_denominator;
    /// Frames the container announces; 0 when unknown.
    int64_t announced_frame_count;
    /// Duration in seconds; negative when unknown.
    double duration;
    /// Short names, e.g. "mov,mp4,m4a,3gp,3g2,mj2" and "h264".
    char format_name[64];
    char codec_name[32];
    /// True when the demuxer reads still images (image2 and its *_pipe variants).
    bool is_image_format;
} CFFmpegShim_reader_info;

/// One decoded frame converted to 8-bit luma. The pixel pointer stays valid
/// until the next call on the same reader.
typedef struct CFFmpegShim_frame {
    const uint8_t *pixels;
    int32_t width;
    int32_t height;
    int32_t stride;
    /// best_effort_timestamp x time_base in seconds; NaN when the stream has none.
    double time;
} CFFmpegShim_frame;

/// Opens `path` (a file, or an image2 pattern such as "frames/%05d.png").
/// `max_pixels` is the largest width*height accepted; larger pictures are
/// refused before their buffers are allocated. Returns NULL and fills `error`.
CFFmpegShim_reader *CFFmpegShim_reader_create(const char *path, int64_t max_pixels,
                                              CFFmpegShim_error *error);
void CFFmpegShim_reader_destroy(CFFmpegShim_reader *reader);

/// With `exact`, every picture is converted to grey by libswscale; without (the default),
/// 8-bit YUV pictures go through a luma table once it has given libswscale's grey exactly
/// on a whole frame (for tests that compare the two).
void CFFmpegShim_reader_set_exact_conversion(CFFmpegShim_reader *reader, bool exact);
/// Whether the last pictures went through the luma table (checked and in use).
bool CFFmpegShim_reader_uses_luma_table(const CFFmpegShim_reader *reader);
/// Whether the table in use is computed 32 pixels at a time instead of looked up (limited-range
/// luma stretched to full range, on a CPU with AVX2).
bool CFFmpegShim_reader_computes_luma(const CFFmpegShim_reader *reader);
void CFFmpegShim_reader_get_info(const CFFmpegShim_reader *reader, CFFmpegShim_reader_info *info);

/// Decodes the next frame. Returns 1 and fills `frame`, 0 at the end of the
/// stream, -1 on a failure that ends the stream (fills `error`). Packets or
/// frames that fail to decode are skipped and counted (see _damage).
int32_t CFFmpegShim_reader_next(CFFmpegShim_reader *reader, CFFmpegShim_frame *frame,
                                CFFmpegShim_error *error);
/// As CFFmpegShim_reader_next, writing the grey into `destination` (`capacity` bytes) when the
/// picture is exactly that size (width x height) and the reader converts it with its own loops
/// (8-bit grey copied, YUV through the luma table): `frame->pixels` is then `destination`, and
/// a copy of every picture is saved. Otherwise (and always where libswscale converts, which may
/// write past a row's end) into the reader's own buffer, as CFFmpegShim_reader_next.
int32_t CFFmpegShim_reader_next_into(CFFmpegShim_reader *reader, CFFmpegShim_frame *frame, uint8_t *destination,
                                     size_t capacity, CFFmpegShim_error *error);

/// Damage seen so far: `skipped` counts packets and frames dropped as corrupt;
/// `truncated` is true when reading stopped on a read error or before the
/// announced frame count. `message` describes the first damage (may be empty).
void CFFmpegShim_reader_damage(const CFFmpegShim_reader *reader, int64_t *skipped,
                               bool *truncated, char *message, size_t message_capacity);

// MARK: - Writing

typedef struct CFFmpegShim_writer CFFmpegShim_writer;

/// Pixel layouts accepted by CFFmpegShim_writer_write.
enum {
    CFFmpegShim_pixels_gray8 = 0,
    CFFmpegShim_pixels_rgb24 = 1,
};

/// Creates `path`, choosing the container from its extension: .mp4/.mov/.mkv
/// (H.264 through libx264 when available, else MPEG-4 part 2), .avi (MJPEG),
/// .y4m (raw yuv420p). `width` and `height` must be even and positive; the
/// frame rate is `rate_numerator/rate_denominator` frames per second.
/// Returns NULL and fills `error`.
CFFmpegShim_writer *CFFmpegShim_writer_create(const char *path, int32_t width, int32_t height,
                                              int32_t rate_numerator, int32_t rate_denominator,
                                              CFFmpegShim_error *error);
/// Encodes one frame. `pts` counts frame intervals (1/frame rate) and must
/// increase. Returns CFFmpegShim_ok or a status and fills `error`.
int32_t CFFmpegShim_writer_write(CFFmpegShim_writer *writer, const uint8_t *pixels, int32_t stride,
                                 int32_t pixel_layout, int64_t pts, CFFmpegShim_error *error);
/// Flushes the encoder, writes the trailer and closes the file.
int32_t CFFmpegShim_writer_finish(CFFmpegShim_writer *writer, CFFmpegShim_error *error);
/// Whether `path`'s extension names a container the writer knows (.mp4, .mov, .mkv, .avi, .y4m).
bool CFFmpegShim_writer_knows_extension(const char *path);
/// Releases the writer; an unfinished file is closed as it is (possibly unplayable).
void CFFmpegShim_writer_destroy(CFFmpegShim_writer *writer);
/// Short name of the encoder in use, e.g. "libx264".
const char *CFFmpegShim_writer_codec_name(const CFFmpegShim_writer *writer);

// MARK: - JPEG stills

typedef struct CFFmpegShim_jpeg_encoder CFFmpegShim_jpeg_encoder;

/// An MJPEG encoder for 8-bit luma pictures of one size; `quality` is the
/// JPEG quantiser scale 1 (best) ... 31 (smallest). Returns NULL and fills `error`.
CFFmpegShim_jpeg_encoder *CFFmpegShim_jpeg_encoder_create(int32_t width, int32_t height, int32_t quality,
                                                          CFFmpegShim_error *error);
/// Encodes one picture (`stride` bytes per row) as a JPEG file into `output`
/// (`capacity` bytes); sets `written`. Returns CFFmpegShim_ok or a status and fills `error`.
int32_t CFFmpegShim_jpeg_encoder_encode(CFFmpegShim_jpeg_encoder *encoder, const uint8_t *luma, int32_t stride,
                                        uint8_t *output, size_t capacity, size_t *written, CFFmpegShim_error *error);
void CFFmpegShim_jpeg_encoder_destroy(CFFmpegShim_jpeg_encoder *encoder);

/// Decodes the first picture of `path` (PNG, JPEG, …) into packed RGB24 (3 bytes per pixel, rows
/// without padding), allocated with malloc: release it with CFFmpegShim_image_free. Pictures over
/// `max_pixels` are refused. Returns CFFmpegShim_ok or a status and fills `error`.
int32_t CFFmpegShim_image_read_rgb(const char *path, int64_t max_pixels, uint8_t **pixels, int32_t *width,
                                   int32_t *height, CFFmpegShim_error *error);
void CFFmpegShim_image_free(uint8_t *pixels);

/// Routes FFmpeg's log, process-wide, into this shim: FFmpeg prints nothing, and
/// the last error line it logged is copied into `CFFmpegShim_error.library_message`.
/// Opt-in (a library must not change FFmpeg's global log); safe to call repeatedly.
void CFFmpegShim_capture_log(void);

/// FFmpeg's version as its libraries report it at run time (`av_version_info`, e.g. "5.1.9-0+deb12u1").
const char *CFFmpegShim_version(void);

#ifdef __cplusplus
}
#endif

#endif
