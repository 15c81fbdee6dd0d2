#include "LocalAverageThreshold.hpp"

#include <algorithm>
#include <vector>

namespace czxingshim {

namespace {

constexpr int blockSide = 8;
/// A block whose luma spans no more than this is taken as flat (zxing-cpp's MIN_DYNAMIC_RANGE).
constexpr int flatRange = 24;

/// The first pixel of block `index` along a side of `length` pixels: the last
/// block of a side that is not a multiple of 8 is moved back to end at the
/// side's end, overlapping the block before it (as zxing-cpp does).
inline int blockStart(int index, int length)
{
    return std::min(index * blockSide, length - blockSide);
}

/// The pixels along a side whose threshold is block `index`'s: zxing-cpp
/// thresholds the blocks in order, so where the moved last block overlaps the
/// one before it, the last block's threshold is the one that stays.
inline void ownedSpan(int index, int blocks, int length, int &begin, int &end)
{
    if (index == blocks - 1) {
        begin = length - blockSide;
        end = length;
    } else {
        begin = index * blockSide;
        end = std::min(begin + blockSide, length - blockSide);
    }
}

/// Each block's black point: the mean of its 64 pixels; for a flat block half
/// its darkest pixel, or the mean of its upper, left (twice) and upper-left
/// neighbours' black points when its darkest pixel is darker than that.
std::vector<int> blackPoints(const uint8_t *pixels, int width, int height, int rowStride, int blocksX, int blocksY)
{
    std::vector<int> points(static_cast<size_t>(blocksX) * blocksY);
    std::vector<uint16_t> columnSum(width);
    std::vector<uint8_t> columnMin(width), columnMax(width);
    for (int by = 0; by < blocksY; ++by) {
        const uint8_t *__restrict row = pixels + static_cast<size_t>(blockStart(by, height)) * rowStride;
        uint16_t *__restrict sums = columnSum.data();
        uint8_t *__restrict darkest = columnMin.data();
        uint8_t *__restrict lightest = columnMax.data();
        for (int x = 0; x < width; ++x) {
            sums[x] = row[x];
            darkest[x] = row[x];
            lightest[x] = row[x];
        }
        for (int k = 1; k < blockSide; ++k) {
            row += rowStride;
            for (int x = 0; x < width; ++x) {
                sums[x] = static_cast<uint16_t>(sums[x] + row[x]);
                darkest[x] = std::min(darkest[x], row[x]);
                lightest[x] = std::max(lightest[x], row[x]);
            }
        }
        int *line = points.data() + static_cast<size_t>(by) * blocksX;
        for (int bx = 0; bx < blocksX; ++bx) {
            int x0 = blockStart(bx, width);
            int sum = 0, darkest = 255, lightest = 0;
            for (int i = x0; i < x0 + blockSide; ++i) {
                sum += columnSum[i];
                darkest = std::min<int>(darkest, columnMin[i]);
                lightest = std::max<int>(lightest, columnMax[i]);
            }
            int point = sum / (blockSide * blockSide);
            if (lightest - darkest <= flatRange) {
                point = darkest / 2;
                if (by > 0 && bx > 0) {
                    const int *above = line - blocksX;
                    int neighbours = (above[bx] + 2 * line[bx - 1] + above[bx - 1]) / 4;
                    if (darkest < neighbours)
                        point = neighbours;
                }
            }
            line[bx] = point;
        }
    }
    return points;
}

/// Each block's threshold: the mean black point of the 5 x 5 blocks around it,
/// the window held inside the image at its edges.
std::vector<uint8_t> blockThresholds(const std::vector<int> &points, int blocksX, int blocksY)
{
    std::vector<int> across(points.size());
    for (int by = 0; by < blocksY; ++by) {
        const int *line = points.data() + static_cast<size_t>(by) * blocksX;
        for (int bx = 0; bx < blocksX; ++bx) {
            int centre = std::clamp(bx, 2, blocksX - 3);
            across[static_cast<size_t>(by) * blocksX + bx] =
                line[centre - 2] + line[centre - 1] + line[centre] + line[centre + 1] + line[centre + 2];
        }
    }
    std::vector<uint8_t> thresholds(points.size());
    for (int by = 0; by < blocksY; ++by) {
        int centre = std::clamp(by, 2, blocksY - 3);
        for (int bx = 0; bx < blocksX; ++bx) {
            int sum = 0;
            for (int dy = -2; dy <= 2; ++dy)
                sum += across[static_cast<size_t>(centre + dy) * blocksX + bx];
            // Black points are luma levels (0...255), so their mean is one too.
            thresholds[static_cast<size_t>(by) * blocksX + bx] = static_cast<uint8_t>(sum / 25);
        }
    }
    return thresholds;
}

} // namespace

void localAverageThreshold(const uint8_t *pixels, int width, int height, int rowStride, uint8_t *out)
{
    const int blocksX = (width + blockSide - 1) / blockSide;
    const int blocksY = (height + blockSide - 1) / blockSide;
    const std::vector<uint8_t> thresholds = blockThresholds(blackPoints(pixels, width, height, rowStride, blocksX, blocksY),
                                                            blocksX, blocksY);
    std::vector<uint8_t> rowThreshold(width);
    for (int by = 0; by < blocksY; ++by) {
        for (int bx = 0; bx < blocksX; ++bx) {
            int begin, end;
            ownedSpan(bx, blocksX, width, begin, end);
            std::fill(rowThreshold.begin() + begin, rowThreshold.begin() + end,
                      thresholds[static_cast<size_t>(by) * blocksX + bx]);
        }
        int top, bottom;
        ownedSpan(by, blocksY, height, top, bottom);
        const uint8_t *__restrict limit = rowThreshold.data();
        for (int y = top; y < bottom; ++y) {
            const uint8_t *__restrict row = pixels + static_cast<size_t>(y) * rowStride;
            uint8_t *__restrict target = out + static_cast<size_t>(y) * width;
            for (int x = 0; x < width; ++x)
                target[x] = row[x] <= limit[x] ? 0 : 255;
        }
    }
}

} // namespace czxingshim
