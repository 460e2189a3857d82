#pragma once
// Rotary position embedding (Su et al. 2021, RoFormer) with the context-extension rescalings:
// Position Interpolation (Chen et al. 2023), NTK-aware scaling, and YaRN (Peng et al. 2024).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <xtensor/xtensor.hpp>

#include "arguments.hpp"
#include "names.hpp"
#include "rotation.hpp"
#include "sinusoidal.hpp"

namespace posenc
{
    /// Which dimensions form a rotated pair. The two are the same rotation up to a fixed
    /// permutation of dimensions; loading weights trained with one into the other is a silent bug.
    enum class RopePairing
    {
        interleaved,  // (x[2i], x[2i+1]): RoFormer, GPT-J, Meta's LLaMA code
        half,         // (x[i], x[i + d/2]), "rotate_half": GPT-NeoX, HF LLaMA
    };

    inline constexpr auto rope_pairing_names = std::to_array<Named<RopePairing>>({
        {"interleaved", RopePairing::interleaved, "interleaved"},
        {"half", RopePairing::half, "rotate half"},
    });
    constexpr const auto& names_of(RopePairing) { return rope_pairing_names; }

    /// How the frequencies are rescaled for positions past the trained length (rope_frequencies).
    enum class RopeScalingKind
    {
        none,
        pi,
        ntk,
        yarn
    };

    /// A scaling kind's names, and which fields of RopeScaling it reads besides its kind (the checks
    /// and the bindings read those and no others). A new kind is one entry here plus its math in
    /// rope_frequencies and rope_attention_factor.
    struct RopeScalingEntry
    {
        std::string_view name;
        RopeScalingKind value;
        std::string_view label;
        bool reads_factor;          // s = target length / trained length
        bool reads_trained_length;  // L
    };

    inline constexpr auto rope_scaling_names = std::to_array<RopeScalingEntry>({
        {"none", RopeScalingKind::none, "none", false, false},
        {"pi", RopeScalingKind::pi, "PI", true, false},
        {"ntk", RopeScalingKind::ntk, "NTK-aware", true, false},
        {"yarn", RopeScalingKind::yarn, "YaRN", true, true},
    });
    constexpr const auto& names_of(RopeScalingKind) { return rope_scaling_names; }

    /// The table entry of `kind`.
    constexpr const RopeScalingEntry& scaling_entry(RopeScalingKind kind)
    {
        for (const auto& entry : rope_scaling_names)
            if (entry.value == kind) return entry;
        return rope_scaling_names.front();
    }

    struct RopeScaling
    {
        RopeScalingKind kind = RopeScalingKind::none;
        double factor = 1.0;              // s = target length / trained length
        std::int64_t trained_length = 0;  // L, needed by YaRN's per-pair ramp
    };

    struct RopeOptions
    {
        double base = 10000.0;
        RopePairing pairing = RopePairing::interleaved;
        RopeScaling scaling{};
    };

    /// YaRN's ramp bounds on r = L / wavelength (alpha, beta for Llama in the paper).
    inline constexpr double yarn_alpha = 1.0;
    inline constexpr double yarn_beta = 32.0;

    inline Problem check_rope_options(std::int64_t head_dim, const RopeOptions& options)
    {
        if (auto problem = check_integer("headDim", static_cast<double>(head_dim), 2, limits::max_d_model)) return problem;
        if (head_dim % 2 != 0) return range_problem("headDim", "even: RoPE rotates pairs of dimensions", std::to_string(head_dim));
        if (!(std::isfinite(options.base) && options.base > 1.0))
            return range_problem("base", "a finite number greater than 1", format_number(options.base));
        const auto& scaling = options.scaling;
        const auto& entry = scaling_entry(scaling.kind);
        if (entry.reads_factor && !(std::isfinite(scaling.factor) && scaling.factor >= 1.0 && scaling.factor <= limits::max_rope_factor))
            return range_problem("scaling.factor", "a number from 1 to " + format_number(limits::max_rope_factor),
                                 format_number(scaling.factor));
        if (entry.reads_trained_length)
            return check_integer("scaling.trainedLength", static_cast<double>(scaling.trained_length), 1, limits::max_position);
        return std::nullopt;
    }

    /// Problem with the sizes of rotating x (x_length values, one row per position): at least one
    /// position, whole rows, a head dimension check_rope_options accepts, and at most
    /// limits::max_cells values. Needs only the lengths, so callers can check before copying.
    inline Problem check_rope_shape(std::uint64_t position_count, std::uint64_t x_length, const RopeOptions& options)
    {
        if (position_count == 0) return range_problem("positions.length", "at least 1", "0");
        if (x_length % position_count != 0)
            return range_problem("x.length", "a multiple of positions.length (" + std::to_string(position_count) + ")",
                                 std::to_string(x_length));
        const std::uint64_t head_dim = x_length / position_count;
        if (auto problem = check_rope_options(static_cast<std::int64_t>(head_dim), options)) return problem;
        return check_cells("positions.length x head dimension", position_count, head_dim);
    }

    /// Problem with a score of q at position m and k at position n, or none; needs only the lengths.
    inline Problem check_rope_score(std::uint64_t q_length, std::uint64_t k_length, double m, double n, const RopeOptions& options)
    {
        if (q_length > static_cast<std::uint64_t>(limits::max_d_model))
            return range_problem("q.length", "at most " + std::to_string(limits::max_d_model), std::to_string(q_length));
        if (k_length != q_length)
            return range_problem("k.length", "equal to q.length (" + std::to_string(q_length) + ")", std::to_string(k_length));
        if (auto problem = check_integer("m", m, 0, limits::max_position)) return problem;
        if (auto problem = check_integer("n", n, 0, limits::max_position)) return problem;
        return check_rope_options(static_cast<std::int64_t>(q_length), options);
    }

    /// The rotation frequency of each pair after scaling, theta_i for i = 0 .. d/2 - 1:
    ///   none: base^(-2i/d)          pi: base^(-2i/d) / s
    ///   ntk:  base'^(-2i/d) with base' = base * s^(d/(d-2))
    ///   yarn: NTK-by-parts: with r = L / wavelength_i and ramp g = clamp((r - alpha)/(beta - alpha), 0, 1),
    ///         theta_i' = (1 - g) theta_i / s + g theta_i  (long wavelengths interpolated, short kept).
    /// HF's YaRN rounds the ramp's ends to whole dimensions; this follows the paper's continuous ramp.
    inline std::vector<double> rope_frequencies(std::int64_t head_dim, const RopeOptions& options)
    {
        throw_if(check_rope_options(head_dim, options));
        const auto& scaling = options.scaling;
        const double d = static_cast<double>(head_dim);
        const double base = scaling.kind == RopeScalingKind::ntk ? options.base * std::pow(scaling.factor, d / (d - 2)) : options.base;
        std::vector<double> theta(static_cast<std::size_t>(head_dim / 2));
        for (std::size_t i = 0; i < theta.size(); ++i)
        {
            const double original = std::pow(base, -2.0 * static_cast<double>(i) / d);
            switch (scaling.kind)
            {
            case RopeScalingKind::none:
            case RopeScalingKind::ntk: theta[i] = original; break;
            case RopeScalingKind::pi: theta[i] = original / scaling.factor; break;
            case RopeScalingKind::yarn:
            {
                const double r = static_cast<double>(scaling.trained_length) * original / (2 * std::numbers::pi);
                const double ramp = std::clamp((r - yarn_alpha) / (yarn_beta - yarn_alpha), 0.0, 1.0);
                theta[i] = (1 - ramp) * original / scaling.factor + ramp * original;
                break;
            }
            }
        }
        return theta;
    }

    /// YaRN's attention factor sqrt(1/t) = 0.1 ln(s) + 1, applied to q and k (so logits scale by
    /// its square); 1 for every other kind.
    inline double rope_attention_factor(const RopeScaling& scaling)
    {
        return scaling.kind == RopeScalingKind::yarn ? 0.1 * std::log(scaling.factor) + 1.0 : 1.0;
    }

    /// Rotates `rows` in place: positions.size() rows of head_dim values, row-major. For each row
    /// at position p and each pair (a, b) with frequency theta_i, angle = p theta_i,
    ///   a' = a cos(angle) - b sin(angle),  b' = a sin(angle) + b cos(angle).
    /// cos and sin of p theta_i come from SinusoidalRows, a strip of rows at a time: runs of
    /// consecutive positions take its exact angle-addition recurrence instead of libm per element
    /// (within a few 1e-12 of libm's values up to position 65,536; see the accuracy tests).
    /// The YaRN attention factor is not applied (see rope_attention_factor).
    inline void rope_in_place(std::span<double> rows, std::size_t head_dim, std::span<const double> positions, const RopeOptions& options)
    {
        if (rows.size() != positions.size() * head_dim)
            throw_if(range_problem("x.length", "positions.length x headDim = " + std::to_string(positions.size() * head_dim),
                                   std::to_string(rows.size())));
        throw_if(check_rope_shape(positions.size(), rows.size(), options));
        throw_if(check_positions(positions));
        const auto theta = rope_frequencies(static_cast<std::int64_t>(head_dim), options);
        const std::size_t half = theta.size();
        SinusoidalRows phases(theta, SinusoidalLayout::concat);  // each row: sin_0 .. sin_{h-1} | cos_0 .. cos_{h-1}
        constexpr std::size_t strip_rows = 64;
        std::vector<double> strip(std::min(strip_rows, positions.size()) * head_dim);
        for (std::size_t first = 0; first < positions.size(); first += strip_rows)
        {
            const std::size_t count = std::min(strip_rows, positions.size() - first);
            phases.write(positions.subspan(first, count), strip.data());
            for (std::size_t r = 0; r < count; ++r)
            {
                const double* __restrict sines = strip.data() + r * head_dim;
                const double* __restrict cosines = sines + half;
                double* __restrict x = rows.data() + (first + r) * head_dim;
                // One loop per pairing, so each has a fixed stride the compiler can vectorize; each pair
                // goes through locals, read once and stored once, as the vectorizer wants it.
                if (options.pairing == RopePairing::interleaved)
                    for (std::size_t i = 0; i < half; ++i)
                    {
                        double a = x[2 * i], b = x[2 * i + 1];
                        detail::rotate(a, b, cosines[i], sines[i]);
                        x[2 * i] = a;
                        x[2 * i + 1] = b;
                    }
                else
                    for (std::size_t i = 0; i < half; ++i)
                    {
                        double a = x[i], b = x[i + half];
                        detail::rotate(a, b, cosines[i], sines[i]);
                        x[i] = a;
                        x[i + half] = b;
                    }
            }
        }
    }

    /// The rows of x (rows = positions.size(), cols = head_dim) rotated as rope_in_place does.
    inline xt::xtensor<double, 2> rope(const xt::xtensor<double, 2>& x, std::span<const double> positions, const RopeOptions& options)
    {
        xt::xtensor<double, 2> out = x;
        rope_in_place({out.data(), out.size()}, x.shape(1), positions, options);
        return out;
    }

    /// The score of rotated q at position m with rotated k at position n: R(m) q . R(n) k, which
    /// depends on m - n only. Both vectors have head_dim entries.
    inline double rope_score(std::span<const double> q, std::span<const double> k, double m, double n, const RopeOptions& options)
    {
        throw_if(check_rope_score(q.size(), k.size(), m, n, options));
        const std::vector<double> positions{m, n};
        xt::xtensor<double, 2> pair({2, q.size()});
        std::copy(q.begin(), q.end(), pair.begin());
        std::copy(k.begin(), k.end(), pair.begin() + static_cast<std::ptrdiff_t>(q.size()));
        const auto rotated = rope(pair, positions, options);
        double score = 0;
        for (std::size_t c = 0; c < q.size(); ++c) score += rotated(0, c) * rotated(1, c);
        return score;
    }
}
