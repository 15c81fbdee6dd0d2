// Grey from YUV without libswscale: the luma plane through a 256-entry table.
//
// libswscale converts a 1024x576 yuv444p picture to full-range grey in about 0.8 ms
// (14% of all of track's CPU on the boofcv-aztec clip), although each grey pixel is
// a function of its luma value alone. The table is made by libswscale itself, from
// a picture holding every luma value, and is used only after it gave exactly
// libswscale's grey for a whole real frame (reader_decode.c checks the first one).
#include "reader_internal.h"

#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include <libavutil/frame.h>
#include <libavutil/pixdesc.h>

bool cffmpegshim_luma_in_plane_0(enum AVPixelFormat format) {
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(format);
    if (d == NULL || d->nb_components < 3) return false;
    uint64_t excluded = AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_PAL | AV_PIX_FMT_FLAG_BE | AV_PIX_FMT_FLAG_FLOAT
        | AV_PIX_FMT_FLAG_BITSTREAM | AV_PIX_FMT_FLAG_HWACCEL | AV_PIX_FMT_FLAG_BAYER;
    if (d->flags & excluded) return false;
    const AVComponentDescriptor *y = &d->comp[0];
    if (y->plane != 0 || y->depth != 8 || y->step != 1 || y->offset != 0 || y->shift != 0) return false;
    for (int i = 1; i < d->nb_components; i++) {
        if (d->comp[i].plane == 0) return false;
    }
    return true;
}

void cffmpegshim_set_grey_range(struct SwsContext *sws, bool source_full) {
    const int *coefficients = sws_getCoefficients(SWS_CS_DEFAULT);
    sws_setColorspaceDetails(sws, coefficients, source_full, coefficients, 1, 0, 1 << 16, 1 << 16);
}

// The table as fixed-point arithmetic: a scale and an offset (16 fractional bits) with
// which `(v * scale + offset) >> 16`, clamped to 0...255, gives exactly the table's entry for
// every luma value v, when there are such. For each scale near the table's slope, every entry
// bounds the offset from below and above; the first scale that leaves an offset is taken.
static bool fit_affine(CFFmpegShim_reader *reader) {
    const uint8_t *t = reader->luma_table;
    int first = 0, last = 255;
    while (first < 255 && t[first] == 0) first++;
    while (last > 0 && t[last] == 255) last--;
    if (last <= first) return false;
    int64_t slope = ((int64_t)(t[last] - t[first]) << 16) / (last - first);
    for (int64_t scale = slope - 1024; scale <= slope + 1024; scale++) {
        if (scale <= 0 || scale * 255 > INT32_MAX / 2) continue;
        int64_t low = INT32_MIN / 2, high = INT32_MAX / 2;
        for (int v = 0; v < 256; v++) {
            int64_t at = scale * v;
            // (at + offset) >> 16 must land on t[v]; clamping stands for any value past 0 or 255.
            if (t[v] > 0 && (int64_t)t[v] * 65536 - at > low) low = (int64_t)t[v] * 65536 - at;
            if (t[v] < 255 && ((int64_t)t[v] + 1) * 65536 - 1 - at < high) high = ((int64_t)t[v] + 1) * 65536 - 1 - at;
        }
        if (low <= high) {
            reader->luma_scale = (int32_t)scale;
            reader->luma_offset = (int32_t)low;
            return true;
        }
    }
    return false;
}

bool cffmpegshim_build_luma_table(CFFmpegShim_reader *reader, enum AVPixelFormat format, bool source_full) {
    // 256 columns hold every luma value; 4 rows satisfy any chroma subsampling.
    enum { width = 256, height = 4 };
    AVFrame *sample = av_frame_alloc();
    if (sample == NULL) return false;
    sample->format = format;
    sample->width = width;
    sample->height = height;
    bool built = false;
    struct SwsContext *sws = NULL;
    uint8_t grey[width * height];
    if (av_frame_get_buffer(sample, 0) < 0) goto done;
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(format);
    for (int plane = 1; plane < 4 && sample->data[plane] != NULL; plane++) {
        // Neutral chroma, opaque alpha (neither reaches grey; set all the same).
        int rows = plane == 3 ? height : AV_CEIL_RSHIFT(height, d->log2_chroma_h);
        memset(sample->data[plane], plane == 3 ? 255 : 128, (size_t)sample->linesize[plane] * rows);
    }
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) sample->data[0][y * sample->linesize[0] + x] = (uint8_t)x;
    }
    sws = sws_getContext(width, height, cffmpegshim_swscale_format(format, &source_full), width, height,
                         AV_PIX_FMT_GRAY8, SWS_BILINEAR | SWS_ACCURATE_RND, NULL, NULL, NULL);
    if (sws == NULL) goto done;
    cffmpegshim_set_grey_range(sws, source_full);
    uint8_t *planes[4] = {grey, NULL, NULL, NULL};
    int strides[4] = {width, 0, 0, 0};
    if (sws_scale(sws, (const uint8_t *const *)sample->data, sample->linesize, 0, height, planes, strides) != height) goto done;
    // Every row alike, or the conversion is not one of single pixels.
    for (int y = 1; y < height; y++) {
        if (memcmp(grey, grey + y * width, width) != 0) goto done;
    }
    memcpy(reader->luma_table, grey, width);
    // Full-range YUV: grey is the luma itself, copied rather than looked up.
    reader->luma_identity = true;
    for (int x = 0; x < width; x++) reader->luma_identity &= grey[x] == x;
#if defined(__x86_64__)
    reader->luma_affine = !reader->luma_identity && __builtin_cpu_supports("avx2") && fit_affine(reader);
#else
    reader->luma_affine = false;
#endif
    built = true;
done:
    sws_freeContext(sws);
    av_frame_free(&sample);
    return built;
}

#if defined(__x86_64__)
// The affine table (fit_affine) over the first multiple of 32 pixels of a row; returns how
// many it wrote: the Aztec clip's grey in under half the table look-ups' time (0.35 -> 0.16 ms a frame).
__attribute__((target("avx2")))
static int apply_affine_avx2(const uint8_t *row, uint8_t *dst, int width, int32_t scale, int32_t offset) {
    const __m256i m = _mm256_set1_epi32(scale), c = _mm256_set1_epi32(offset);
    // packs/packus interleave the four 8-pixel groups by 128-bit lane; this puts them back.
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    int x = 0;
    for (; x + 32 <= width; x += 32) {
        __m256i bytes = _mm256_loadu_si256((const __m256i *)(row + x));
        __m128i low = _mm256_castsi256_si128(bytes), high = _mm256_extracti128_si256(bytes, 1);
        __m256i g[4] = {_mm256_cvtepu8_epi32(low), _mm256_cvtepu8_epi32(_mm_srli_si128(low, 8)),
                        _mm256_cvtepu8_epi32(high), _mm256_cvtepu8_epi32(_mm_srli_si128(high, 8))};
        for (int i = 0; i < 4; i++) g[i] = _mm256_srai_epi32(_mm256_add_epi32(_mm256_mullo_epi32(g[i], m), c), 16);
        // Signed saturation to 16 bits, then unsigned to 8: the clamp to 0...255.
        __m256i packed = _mm256_packus_epi16(_mm256_packs_epi32(g[0], g[1]), _mm256_packs_epi32(g[2], g[3]));
        _mm256_storeu_si256((__m256i *)(dst + x), _mm256_permutevar8x32_epi32(packed, order));
    }
    return x;
}
#endif

void cffmpegshim_apply_luma_table(const CFFmpegShim_reader *reader, const AVFrame *frame, uint8_t *out) {
    const uint8_t *table = reader->luma_table;
    int width = frame->width;
    for (int y = 0; y < frame->height; y++) {
        const uint8_t *row = frame->data[0] + (ptrdiff_t)y * frame->linesize[0];
        uint8_t *dst = out + (size_t)y * width;
        if (reader->luma_identity) {
            memcpy(dst, row, width);
            continue;
        }
        int x = 0;
#if defined(__x86_64__)
        if (reader->luma_affine) x = apply_affine_avx2(row, dst, width, reader->luma_scale, reader->luma_offset);
#endif
        for (; x < width; x++) dst[x] = table[row[x]];
    }
}
