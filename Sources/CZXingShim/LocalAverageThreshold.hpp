// zxing-cpp 1.4's "LocalAverage" binarization (its HybridBinarizer, after
// ZXing's Java original), computed so that the compiler can vectorise it.
//
// zxing-cpp computes each 2-D read's black matrix with scalar loops over 8 x 8
// blocks; on a 720p frame that is about half of a whole-frame read's time.
// This computes the same matrix (bit for bit: the same block statistics,
// integer divisions and edge blocks) with loops over whole rows, and writes it
// as an image zxing-cpp reads with its BoolCast binarizer (T = 0): 0 where the
// pixel is black, 255 where it is white. The 2-D readers then see the same
// BitMatrix, so they find the same symbols at the same positions.
#pragma once

#include <cstdint>

namespace czxingshim {

/// The smallest width and height zxing-cpp binarizes by local average; below
/// it, 1.4 falls back to its global histogram and so must we (by not using
/// this).
constexpr int localAverageMinimumSide = 40;

/// Writes the black matrix of the `width` x `height` luma image at `pixels`
/// (rows `rowStride` bytes apart) into `out` (packed, room for width * height bytes):
/// 0 where zxing-cpp 1.4's LocalAverage binarizer calls the pixel black
/// (luma <= its block's threshold), 255 elsewhere. Both sides must be at least
/// `localAverageMinimumSide`.
void localAverageThreshold(const uint8_t *pixels, int width, int height, int rowStride, uint8_t *out);

} // namespace czxingshim
