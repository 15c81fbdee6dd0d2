// Finds the full height of a 1D symbol from one decoded scan line.
//
// zxing-cpp 1.4 reports a 1D symbol's position as the span of the scan lines
// that decoded it: often a thin band, and for two identical labels stacked
// closely, one band spanning both. We walk across the bars from a decoded
// line, row by row, while the luma profile along the line still correlates
// with the decoded line's profile: the run of matching rows is the symbol.
#pragma once

#include <ImageView.h>

#include <array>
#include <cmath>
#include <optional>

namespace czxingshim {

struct PointD {
    double x, y;
};

/// Four corners in image pixels: top-left, top-right, bottom-right, bottom-left.
using Quad = std::array<PointD, 4>;

class LinearExtent {
public:
    explicit LinearExtent(const ZXing::ImageView &view) : _view(view) {}

    /// The symbol around the scan line a -> b (image pixels), or nothing when
    /// the line has no contrast. `normal` points from the symbol's top to its bottom.
    std::optional<Quad> around(PointD a, PointD b, PointD normal) const
    {
        double length = std::hypot(b.x - a.x, b.y - a.y);
        if (length < 8)
            return std::nullopt;
        Line line(a, b);
        Profile reference;
        if (!profile(line, 0, normal, reference) || !normalise(reference))
            return std::nullopt;
        PointD along{(b.x - a.x) / length, (b.y - a.y) / length};
        Step top = walk(line, normal, along, reference, -1, length);
        Step bottom = walk(line, normal, along, reference, +1, length);
        auto at = [&](PointD p, const Step &s) {
            return PointD{p.x + s.offset * normal.x + s.drift * along.x, p.y + s.offset * normal.y + s.drift * along.y};
        };
        return Quad{at(a, top), at(b, top), at(b, bottom), at(a, bottom)};
    }

private:
    static constexpr int samples = 128;
    static constexpr double threshold = 0.6;
    /// A row matching the reference this well at the previous row's drift is taken as it is.
    static constexpr double sureMatch = 0.95;

    const ZXing::ImageView &_view;

    /// `std::floor` to an int, without the C library call `std::floor` is on x86-64's baseline
    /// instruction set (no SSE4.1 rounding instruction), twice per sample. The same value for
    /// every coordinate in int range.
    static int floorToInt(double v)
    {
        int truncated = static_cast<int>(v);
        return truncated > v ? truncated - 1 : truncated;
    }

    double luma(double x, double y) const
    {
        int ix = floorToInt(x), iy = floorToInt(y);
        if (ix < 0 || iy < 0 || ix + 1 >= _view.width() || iy + 1 >= _view.height())
            return -1;
        double fx = x - ix, fy = y - iy;
        double p00 = *_view.data(ix, iy), p10 = *_view.data(ix + 1, iy);
        double p01 = *_view.data(ix, iy + 1), p11 = *_view.data(ix + 1, iy + 1);
        double top = p00 + (p10 - p00) * fx, bottom = p01 + (p11 - p01) * fx;
        return top + (bottom - top) * fy;
    }

    /// Where a walk ended: `offset` pixels along the normal, the bars having drifted `drift` pixels along the line.
    struct Step {
        double offset = 0, drift = 0;
    };

    /// Luma samples along a line, at the centres of `samples` equal parts.
    using Profile = std::array<double, samples>;

    /// The sample points of the line a -> b, worked out once for every row a walk samples
    /// (each row adds its own shift to them, as `a + (b - a) * t + shift`).
    struct Line {
        std::array<double, samples> x, y;
        Line(PointD a, PointD b)
        {
            for (int i = 0; i < samples; ++i) {
                double t = (i + 0.5) / samples;
                x[i] = a.x + (b.x - a.x) * t;
                y[i] = a.y + (b.y - a.y) * t;
            }
        }
    };

    /// The line's samples shifted `offset` pixels along the normal `n` and `drift` along `u`,
    /// into `values`; false when a sample leaves the image.
    bool profile(const Line &line, double offset, PointD n, Profile &values, double drift = 0, PointD u = {0, 0}) const
    {
        double sx = offset * n.x + drift * u.x, sy = offset * n.y + drift * u.y;
        for (int i = 0; i < samples; ++i) {
            values[i] = luma(line.x[i] + sx, line.y[i] + sy);
            if (values[i] < 0)
                return false;
        }
        return true;
    }

    /// Zero mean, unit length; false when the profile is flat or left the image.
    static bool normalise(Profile &v)
    {
        double mean = 0;
        for (double x : v)
            mean += x;
        mean /= v.size();
        double norm = 0;
        for (double &x : v) {
            x -= mean;
            norm += x * x;
        }
        norm = std::sqrt(norm);
        if (norm < 1e-6 || norm / std::sqrt(static_cast<double>(v.size())) < 12) // < 12 grey levels of contrast
            return false;
        for (double &x : v)
            x /= norm;
        return true;
    }

    /// Walks across the bars one pixel at a time while a row still matches the
    /// reference. zxing-cpp scans image rows, so for a tilted symbol the bars
    /// shift along the line from row to row: each step searches a small drift
    /// around the previous one (bars up to 45° off the normal are followed).
    Step walk(const Line &line, PointD n, PointD u, const Profile &reference, int direction, double maxOffset) const
    {
        Step last, current;
        int misses = 0;
        for (double d = 1; d <= maxOffset; d += 1) {
            double bestScore = -1, bestDrift = current.drift;
            for (double shift : {0.0, -0.5, 0.5, -1.0, 1.0}) {
                Profile row;
                if (!profile(line, direction * d, n, row, current.drift + shift, u) || !normalise(row))
                    continue;
                double dot = 0;
                for (int i = 0; i < samples; ++i)
                    dot += row[i] * reference[i];
                if (dot > bestScore) {
                    bestScore = dot;
                    bestDrift = current.drift + shift;
                }
                // The bars where they were on the row before: no drift to search for.
                if (shift == 0.0 && dot >= sureMatch)
                    break;
            }
            if (bestScore >= threshold) {
                current = {direction * d, bestDrift};
                last = current;
                misses = 0;
            } else if (++misses > 2) {
                break;
            }
        }
        return last;
    }
};

} // namespace czxingshim
