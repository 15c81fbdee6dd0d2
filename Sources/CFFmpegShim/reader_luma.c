// Grey from YUV without libswscale: the luma plane through a 256-entry table.
//
// libswscale converts a 1024x576 yuv444p picture to full-range grey in about 0.8 ms
// (14% of all of track's CPU on the boofcv-aztec clip), although each grey pixel is
// a function of its luma value alone. The table is made by libswscale itself, from
// a picture holding every luma value, and is used only after it gave exactly
// libswscale's grey for a whole real frame (reader_decode.c checks the first one).
#include "reader_internal.h"

#include <string.h>

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
    sws = sws_getContext(width, height, format, width, height, AV_PIX_FMT_GRAY8, SWS_BILINEAR | SWS_ACCURATE_RND,
                         NULL, NULL, NULL);
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
    built = true;
done:
    sws_freeContext(sws);
    av_frame_free(&sample);
    return built;
}

void cffmpegshim_apply_luma_table(const CFFmpegShim_reader *reader, const AVFrame *frame, uint8_t *out) {
    const uint8_t *table = reader->luma_table;
    int width = frame->width;
    for (int y = 0; y < frame->height; y++) {
        const uint8_t *row = frame->data[0] + (ptrdiff_t)y * frame->linesize[0];
        uint8_t *dst = out + (size_t)y * width;
        if (reader->luma_identity) {
            memcpy(dst, row, width);
        } else {
            for (int x = 0; x < width; x++) dst[x] = table[row[x]];
        }
    }
}
