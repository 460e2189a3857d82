#pragma once
// Rotary position embedding (Su et al. 2021, RoFormer): the two pairings, partial rotary (GPT-J,
// GPT-NeoX), multimodal positions (Qwen2-VL's M-RoPE, 2D axial RoPE), and the frequency
// rescalings of rope_scaling.hpp.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <xtensor/xtensor.hpp>

#include "arguments.hpp"
#include "names.hpp"
#include "rope_scaling.hpp"
#include "rotation.hpp"
#include "sinusoidal.hpp"

namespace posenc
{
    /// Which dimensions of the rotary block form a rotated pair. The two are the same rotation up to
    /// a fixed permutation of dimensions; loading weights trained with one into the other is a silent bug.
    enum class RopePairing
    {
        interleaved,  // (x[2i], x[2i+1]): RoFormer, GPT-J's rotate_every_two, Meta's LLaMA, DeepSeek, Llama 4
        half,         // (x[i], x[i + r/2]), HF's rotate_half: GPT-NeoX, HF Llama, Qwen, Gemma
    };

    inline constexpr auto rope_pairing_names = std::to_array<Named<RopePairing>>({
        {"interleaved", RopePairing::interleaved, "interleaved"},
        {"half", RopePairing::half, "rotate half"},
    });
    constexpr const auto& names_of(RopePairing) { return rope_pairing_names; }

    /// What a position is, and which of its coordinates turns each rotary pair.
    enum class RopeAxes
    {
        sequence,  // one index per token; every pair turns with it
        mrope,     // Qwen2-VL's M-RoPE: (t, h, w); consecutive sections of the pairs turn with t, h and w
        axial,     // 2D axial RoPE of an image patch (h, w): the first half of the pairs turns with h, the rest with w
    };

    inline constexpr auto rope_axes_names = std::to_array<Named<RopeAxes>>({
        {"sequence", RopeAxes::sequence, "one position per token"},
        {"mrope", RopeAxes::mrope, "M-RoPE (t, h, w)"},
        {"axial", RopeAxes::axial, "2D axial (h, w)"},
    });
    constexpr const auto& names_of(RopeAxes) { return rope_axes_names; }

    /// Coordinates per position: 1, 3 (t, h, w) or 2 (h, w).
    constexpr std::size_t axis_count(RopeAxes axes) { return axes == RopeAxes::mrope ? 3 : axes == RopeAxes::axial ? 2 : 1; }

    struct RopeOptions
    {
        double base = 10000.0;
        RopePairing pairing = RopePairing::interleaved;
        RopeScaling scaling{};
        /// HF's partial_rotary_factor (GPT-NeoX rotary_pct; GPT-J rotary_dim / head_dim): the first
        /// floor(head_dim x fraction) dimensions rotate, the rest pass through and carry no position.
        double rotary_fraction = 1.0;
        RopeAxes axes = RopeAxes::sequence;
        /// M-RoPE: pairs turned by t, h and w, in that order (Qwen2-VL: 16, 24, 24 of 64).
        std::array<std::int64_t, 3> mrope_section{16, 24, 24};
    };

    /// The rotated dimensions: floor(head_dim x rotary_fraction), as HF's int(head_dim * factor).
    inline std::size_t rotary_dims(std::int64_t head_dim, const RopeOptions& options)
    {
        return static_cast<std::size_t>(std::floor(static_cast<double>(head_dim) * options.rotary_fraction));
    }

    /// The D the frequencies base^(-2i/D) are computed over: the rotary dimensions, or half of them
    /// for axial RoPE, whose h and w halves each take the same D/2 frequencies (Qwen2-VL's vision tower).
    inline std::size_t frequency_dim(std::int64_t head_dim, const RopeOptions& options)
    {
        const std::size_t rotary = rotary_dims(head_dim, options);
        return options.axes == RopeAxes::axial ? rotary / 2 : rotary;
    }

    /// Problem unless each entry of an M-RoPE section (given as numbers, before they are stored) is a
    /// whole count of pairs (their sum is checked against the head in check_rope_options).
    inline Problem check_mrope_section(std::span<const double> section)
    {
        for (std::size_t a = 0; a < section.size(); ++a)
            if (auto problem = check_integer("mropeSection[" + std::to_string(a) + "]", section[a], 0, limits::max_d_model / 2))
                return problem;
        return std::nullopt;
    }

    inline Problem check_rope_options(std::int64_t head_dim, const RopeOptions& options)
    {
        if (auto problem = check_integer("headDim", static_cast<double>(head_dim), 2, limits::max_d_model)) return problem;
        if (head_dim % 2 != 0) return range_problem("headDim", "even: RoPE rotates pairs of dimensions", std::to_string(head_dim));
        if (!(std::isfinite(options.base) && options.base > 1.0))
            return range_problem("base", "a finite number greater than 1", format_number(options.base));
        if (!(std::isfinite(options.rotary_fraction) && options.rotary_fraction > 0 && options.rotary_fraction <= 1))
            return range_problem("rotaryFraction", "a number greater than 0 and at most 1", format_number(options.rotary_fraction));
        const std::size_t rotary = rotary_dims(head_dim, options);
        const std::size_t multiple = options.axes == RopeAxes::axial ? 4 : 2;  // axial: two halves of whole pairs
        if (rotary < multiple || rotary % multiple != 0)
            return range_problem("rotaryFraction",
                                 "a fraction of headDim (" + std::to_string(head_dim) + ") that rotates a positive multiple of "
                                     + std::to_string(multiple) + " dimensions",
                                 format_number(options.rotary_fraction) + " (" + std::to_string(rotary) + " dimensions)");
        if (options.axes == RopeAxes::mrope)
        {
            const std::array<double, 3> section{static_cast<double>(options.mrope_section[0]),
                                                static_cast<double>(options.mrope_section[1]),
                                                static_cast<double>(options.mrope_section[2])};
            if (auto problem = check_mrope_section(section)) return problem;
            const std::int64_t sum = options.mrope_section[0] + options.mrope_section[1] + options.mrope_section[2];
            if (sum != static_cast<std::int64_t>(rotary / 2))
                return range_problem("mropeSection",
                                     "pairs of t, h and w that add up to the " + std::to_string(rotary / 2) + " rotary pairs",
                                     "a sum of " + std::to_string(sum));
        }
        return check_rope_scaling(options.scaling, frequency_dim(head_dim, options) / 2);
    }

    /// The pairs [first, last) that one coordinate (axis) of the position turns.
    struct AxisPairs
    {
        std::size_t axis, first, last;
    };

    /// The pairs each coordinate of a position turns, in pair order.
    inline std::vector<AxisPairs> axis_pairs(std::int64_t head_dim, const RopeOptions& options)
    {
        const std::size_t pairs = rotary_dims(head_dim, options) / 2;
        switch (options.axes)
        {
        case RopeAxes::mrope:
        {
            const auto t = static_cast<std::size_t>(options.mrope_section[0]), h = static_cast<std::size_t>(options.mrope_section[1]);
            return {{0, 0, t}, {1, t, t + h}, {2, t + h, pairs}};
        }
        case RopeAxes::axial: return {{0, 0, pairs / 2}, {1, pairs / 2, pairs}};
        case RopeAxes::sequence: break;
        }
        return {{0, 0, pairs}};
    }

    /// The coordinate (0: t or the index, 1: h, 2: w; axial: 0 = h, 1 = w) that turns each rotary pair.
    inline std::vector<std::uint8_t> rope_pair_axes(std::int64_t head_dim, const RopeOptions& options)
    {
        throw_if(check_rope_options(head_dim, options));
        std::vector<std::uint8_t> axis(rotary_dims(head_dim, options) / 2);
        for (const auto& range : axis_pairs(head_dim, options))
            std::fill(axis.begin() + static_cast<std::ptrdiff_t>(range.first), axis.begin() + static_cast<std::ptrdiff_t>(range.last),
                      static_cast<std::uint8_t>(range.axis));
        return axis;
    }

    /// The rotation frequency theta_j of each rotary pair j = 0 .. rotary/2 - 1 after scaling
    /// (scaled_inverse_frequencies over D = frequency_dim): pair j turns by position x theta_j, the
    /// position being the coordinate rope_pair_axes names. Axial RoPE repeats the D/2 frequencies for h and w.
    /// `sequence_length` (HF: max(position_ids) + 1) matters to dynamic and LongRoPE only.
    inline std::vector<double> rope_frequencies(std::int64_t head_dim, const RopeOptions& options, std::int64_t sequence_length = 1)
    {
        throw_if(check_rope_options(head_dim, options));
        auto theta = scaled_inverse_frequencies(frequency_dim(head_dim, options), options.base, options.scaling, sequence_length);
        if (options.axes == RopeAxes::axial) theta.insert(theta.end(), theta.begin(), theta.end());
        return theta;
    }

    /// Problem unless n can be the length of a sequence being encoded (dynamic NTK and LongRoPE read it):
    /// 1 .. limits::max_analysis_position + 1, the positions 0 .. n - 1.
    inline Problem check_rope_sequence_length(std::int64_t n)
    {
        return check_integer("sequenceLength", static_cast<double>(n), 1, limits::max_analysis_position + 1);
    }

    /// Problem with the sizes of rotating x (x_length values, one row per position, each position
    /// axis_count coordinates): at least one position, whole positions and rows, a head dimension
    /// check_rope_options accepts, and at most limits::max_cells values. Needs only the lengths, so
    /// callers can check before copying.
    inline Problem check_rope_shape(std::uint64_t position_count, std::uint64_t x_length, const RopeOptions& options)
    {
        if (position_count == 0) return range_problem("positions.length", "at least 1", "0");
        const std::uint64_t coordinates = axis_count(options.axes);
        if (position_count % coordinates != 0)
            return range_problem("positions.length",
                                 "a multiple of " + std::to_string(coordinates) + " (one ("
                                     + std::string(options.axes == RopeAxes::mrope ? "t, h, w" : "h, w") + ") per row)",
                                 std::to_string(position_count));
        const std::uint64_t rows = position_count / coordinates;
        if (x_length % rows != 0)
            return range_problem("x.length", "a multiple of the rows (" + std::to_string(rows) + ")", std::to_string(x_length));
        const std::uint64_t head_dim = x_length / rows;
        if (auto problem = check_rope_options(static_cast<std::int64_t>(head_dim), options)) return problem;
        return check_cells("positions.length x head dimension", rows, head_dim);
    }

    /// Problem with a score of q at position m and k at position n, or none; needs only the lengths.
    inline Problem check_rope_score(std::uint64_t q_length, std::uint64_t k_length, double m, double n, const RopeOptions& options)
    {
        if (q_length > static_cast<std::uint64_t>(limits::max_d_model))
            return range_problem("q.length", "at most " + std::to_string(limits::max_d_model), std::to_string(q_length));
        if (k_length != q_length)
            return range_problem("k.length", "equal to q.length (" + std::to_string(q_length) + ")", std::to_string(k_length));
        if (auto problem = check_integer("m", m, 0, limits::max_analysis_position)) return problem;
        if (auto problem = check_integer("n", n, 0, limits::max_analysis_position)) return problem;
        return check_rope_options(static_cast<std::int64_t>(q_length), options);
    }

    namespace detail
    {
        /// Rotates pairs [first, last) of one row x (rotary dimensions `rotary`) by the angles whose
        /// sines and cosines are sines[k], cosines[k] for pair first + k. One loop per pairing, so each
        /// has a fixed stride the compiler can vectorize; each pair goes through locals, read once and
        /// stored once, as the vectorizer wants it.
        inline void rotate_pairs(double* __restrict x, std::size_t rotary, RopePairing pairing, std::size_t first, std::size_t last,
                                 const double* __restrict sines, const double* __restrict cosines)
        {
            const std::size_t half = rotary / 2;
            if (pairing == RopePairing::interleaved)
                for (std::size_t i = first; i < last; ++i)
                {
                    double a = x[2 * i], b = x[2 * i + 1];
                    detail::rotate(a, b, cosines[i - first], sines[i - first]);
                    x[2 * i] = a;
                    x[2 * i + 1] = b;
                }
            else
                for (std::size_t i = first; i < last; ++i)
                {
                    double a = x[i], b = x[i + half];
                    detail::rotate(a, b, cosines[i - first], sines[i - first]);
                    x[i] = a;
                    x[i + half] = b;
                }
        }
    }

    /// Rotates `rows` in place: one row of head_dim values per position, row-major; a position is
    /// axis_count(options.axes) consecutive entries of `positions`. Each rotary pair (a, b) with
    /// frequency theta_j turns by angle = c theta_j, c the coordinate that turns it:
    ///   a' = a cos(angle) - b sin(angle),  b' = a sin(angle) + b cos(angle);
    /// dimensions past the rotary ones are left as they are. cos and sin come from SinusoidalRows,
    /// a strip of rows at a time, per coordinate: runs of consecutive (or repeated) values take its
    /// exact angle-addition recurrence instead of libm per element (within a few 1e-12 of libm's
    /// values at 65,536; see the accuracy tests). The sequence length dynamic and LongRoPE read is
    /// the largest coordinate + 1, as HF takes it. The attention factor is not applied (rope_attention_factor).
    inline void rope_in_place(std::span<double> rows, std::size_t head_dim, std::span<const double> positions, const RopeOptions& options)
    {
        const std::size_t coordinates = axis_count(options.axes);
        const std::size_t row_count = positions.size() / coordinates;
        if (positions.size() % coordinates != 0 || rows.size() != row_count * head_dim)
            throw_if(range_problem("x.length",
                                   std::string(coordinates == 1 ? "positions.length" : "positions.length / " + std::to_string(coordinates))
                                       + " x headDim = " + std::to_string(row_count * head_dim),
                                   std::to_string(rows.size())));
        throw_if(check_rope_shape(positions.size(), rows.size(), options));
        throw_if(check_positions(positions, limits::max_analysis_position));
        const auto head = static_cast<std::int64_t>(head_dim);
        const auto sequence_length = static_cast<std::int64_t>(*std::max_element(positions.begin(), positions.end())) + 1;
        const auto theta = rope_frequencies(head, options, sequence_length);
        const std::size_t rotary = rotary_dims(head, options);

        struct AxisStrip
        {
            AxisPairs pairs;
            SinusoidalRows phases;  // each row: sin of the axis's pairs | cos of them
            std::vector<double> values, coordinates;
        };
        constexpr std::size_t strip_rows = 64;
        std::vector<AxisStrip> strips;
        for (const auto& range : axis_pairs(head, options))
            if (range.last > range.first)
                strips.push_back({range,
                                  SinusoidalRows(std::span<const double>(theta).subspan(range.first, range.last - range.first),
                                                 SinusoidalLayout::concat),
                                  std::vector<double>(std::min(strip_rows, row_count) * 2 * (range.last - range.first)),
                                  {}});
        for (std::size_t first = 0; first < row_count; first += strip_rows)
        {
            const std::size_t count = std::min(strip_rows, row_count - first);
            for (auto& strip : strips)
            {
                std::span<const double> at = positions.subspan(first, count);
                if (coordinates > 1)
                {
                    strip.coordinates.resize(count);
                    for (std::size_t r = 0; r < count; ++r) strip.coordinates[r] = positions[(first + r) * coordinates + strip.pairs.axis];
                    at = strip.coordinates;
                }
                strip.phases.write(at, strip.values.data());
            }
            for (std::size_t r = 0; r < count; ++r)
                for (const auto& strip : strips)
                {
                    const std::size_t width = strip.pairs.last - strip.pairs.first;
                    const double* sines = strip.values.data() + r * 2 * width;
                    detail::rotate_pairs(rows.data() + (first + r) * head_dim, rotary, options.pairing, strip.pairs.first, strip.pairs.last,
                                         sines, sines + width);
                }
        }
    }

    /// The rows of x (rows = positions / axis_count, cols = head_dim) rotated as rope_in_place does.
    inline xt::xtensor<double, 2> rope(const xt::xtensor<double, 2>& x, std::span<const double> positions, const RopeOptions& options)
    {
        xt::xtensor<double, 2> out = x;
        rope_in_place({out.data(), out.size()}, x.shape(1), positions, options);
        return out;
    }

    /// The score of rotated q at position m with rotated k at position n: R(m) q . R(n) k, which
    /// depends on m - n only (for M-RoPE and axial RoPE, every coordinate of each position is m or n).
    /// Both vectors have head_dim entries.
    inline double rope_score(std::span<const double> q, std::span<const double> k, double m, double n, const RopeOptions& options)
    {
        throw_if(check_rope_score(q.size(), k.size(), m, n, options));
        const std::size_t coordinates = axis_count(options.axes);
        std::vector<double> positions(coordinates, m);
        positions.resize(2 * coordinates, n);
        xt::xtensor<double, 2> pair({2, q.size()});
        std::copy(q.begin(), q.end(), pair.begin());
        std::copy(k.begin(), k.end(), pair.begin() + static_cast<std::ptrdiff_t>(q.size()));
        const auto rotated = rope(pair, positions, options);
        double score = 0;
        for (std::size_t c = 0; c < q.size(); ++c) score += rotated(0, c) * rotated(1, c);
        return score;
    }
}
