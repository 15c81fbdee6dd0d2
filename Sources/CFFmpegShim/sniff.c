// Reads the picture size from the headers of common still-image formats, so
// that a forged header (say 20000x20000 in a 100-byte file) is refused with
// its real size. libavcodec alone rejects such files with a vague "invalid
// image size", or never decodes them because the parser waits for data.
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t be16(const uint8_t *p) { return (uint32_t)p[0] << 8 | p[1]; }
static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | be16(p + 2); }
static uint32_t le16(const uint8_t *p) { return (uint32_t)p[1] << 8 | p[0]; }
static uint32_t le32(const uint8_t *p) { return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | le16(p); }

static bool sniff_pnm(const uint8_t *data, size_t size, int64_t *width, int64_t *height) {
    if (size < 3 || data[0] != 'P' || data[1] < '1' || data[1] > '6') return false;
    int64_t values[2];
    size_t index = 2;
    for (int found = 0; found < 2; found++) {
        // Skip whitespace and '#' comments up to the end of their line.
        while (index < size && (data[index] == ' ' || data[index] == '\t' || data[index] == '\n'
                                || data[index] == '\r' || data[index] == '#')) {
            if (data[index] == '#') {
                while (index < size && data[index] != '\n') index++;
            } else {
                index++;
            }
        }
        if (index >= size || data[index] < '0' || data[index] > '9') return false;
        int64_t value = 0;
        while (index < size && data[index] >= '0' && data[index] <= '9' && value < INT32_MAX) {
            value = value * 10 + (data[index++] - '0');
        }
        values[found] = value;
    }
    *width = values[0];
    *height = values[1];
    return true;
}

static bool sniff_jpeg(const uint8_t *data, size_t size, int64_t *width, int64_t *height) {
    if (size < 4 || data[0] != 0xFF || data[1] != 0xD8) return false;
    size_t index = 2;
    while (index + 9 < size) {
        if (data[index] != 0xFF) return false;
        uint8_t marker = data[index + 1];
        if (marker == 0xFF) { index++; continue; }
        if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
            *height = be16(data + index + 5);
            *width = be16(data + index + 7);
            return true;
        }
        index += 2 + be16(data + index + 2);
    }
    return false;
}

static bool sniff_webp(const uint8_t *data, size_t size, int64_t *width, int64_t *height) {
    // 31: the VP8X height's last byte is data[30].
    if (size < 31 || memcmp(data, "RIFF", 4) != 0 || memcmp(data + 8, "WEBP", 4) != 0) return false;
    if (memcmp(data + 12, "VP8X", 4) == 0) {
        *width = 1 + (int64_t)(le32(data + 24) & 0xFFFFFF);
        *height = 1 + (int64_t)(le32(data + 27) & 0xFFFFFF);
        return true;
    }
    if (memcmp(data + 12, "VP8 ", 4) == 0) {
        *width = le16(data + 26) & 0x3FFF;
        *height = le16(data + 28) & 0x3FFF;
        return true;
    }
    if (memcmp(data + 12, "VP8L", 4) == 0) {
        uint32_t bits = le32(data + 21);
        *width = 1 + (bits & 0x3FFF);
        *height = 1 + ((bits >> 14) & 0x3FFF);
        return true;
    }
    return false;
}

static bool sniff_tiff(const uint8_t *data, size_t size, int64_t *width, int64_t *height) {
    if (size < 8) return false;
    bool little = memcmp(data, "II*\0", 4) == 0;
    if (!little && memcmp(data, "MM\0*", 4) != 0) return false;
    uint32_t (*u16)(const uint8_t *) = little ? le16 : be16;
    uint32_t (*u32)(const uint8_t *) = little ? le32 : be32;
    size_t ifd = u32(data + 4);
    if (ifd + 2 > size) return false;
    uint32_t count = u16(data + ifd);
    bool have_width = false, have_height = false;
    for (uint32_t i = 0; i < count && ifd + 2 + 12 * (i + 1) <= size; i++) {
        const uint8_t *entry = data + ifd + 2 + 12 * i;
        uint32_t tag = u16(entry), type = u16(entry + 2);
        int64_t value = type == 3 ? u16(entry + 8) : type == 4 ? u32(entry + 8) : -1;
        if (value < 0) continue;
        if (tag == 256) { *width = value; have_width = true; }
        if (tag == 257) { *height = value; have_height = true; }
    }
    return have_width && have_height;
}

bool cffmpegshim_sniff_image_size(const char *path, int64_t *width, int64_t *height) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) return false;
    enum { capacity = 65536 };
    uint8_t *data = malloc(capacity);
    if (data == NULL) {
        fclose(file);
        return false;
    }
    size_t size = fread(data, 1, capacity, file);
    fclose(file);
    bool found = false;
    if (size >= 24 && memcmp(data, "\x89PNG\r\n\x1a\n", 8) == 0 && memcmp(data + 12, "IHDR", 4) == 0) {
        *width = be32(data + 16);
        *height = be32(data + 20);
        found = true;
    } else if (size >= 26 && data[0] == 'B' && data[1] == 'M') {
        uint32_t header = le32(data + 14);
        if (header == 12) {
            *width = le16(data + 18);
            *height = le16(data + 20);
        } else {
            *width = (int32_t)le32(data + 18);
            *height = llabs((int64_t)(int32_t)le32(data + 22));
        }
        found = true;
    } else if (size >= 10 && memcmp(data, "GIF8", 4) == 0) {
        *width = le16(data + 6);
        *height = le16(data + 8);
        found = true;
    } else {
        found = sniff_pnm(data, size, width, height) || sniff_jpeg(data, size, width, height)
            || sniff_webp(data, size, width, height) || sniff_tiff(data, size, width, height);
    }
    free(data);
    return found;
}
