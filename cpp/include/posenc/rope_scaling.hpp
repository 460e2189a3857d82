#pragma once
// How RoPE's frequencies are rescaled for positions past the trained length, as Hugging Face
// transformers computes them (modeling_rope_utils: linear, dynamic, yarn, longrope, llama3) plus
// NTK-aware scaling, each in double. Where a paper and that code differ (YaRN's ramp), both are
// offered and the code's form, the one checkpoints run with, is the default.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "arguments.hpp"
#include "names.hpp"

namespace posenc
{
    /// YaRN's ramp between interpolated and kept pairs.
    enum class YarnRamp
    {
        dimension,  // linear in the pair index between the correction dims: HF, the YaRN authors' code, DeepSeek
        ratio,      // linear in r = L / wavelength between alpha and beta: the YaRN paper's text
    };

    inline constexpr auto yarn_ramp_names = std::to_array<Named<YarnRamp>>({
        {"dimension", YarnRamp::dimension, "linear in the pair index (code)"},
        {"ratio", YarnRamp::ratio, "linear in L / wavelength (paper)"},
    });
    constexpr const auto& names_of(YarnRamp) { return yarn_ramp_names; }

    /// The fields of RopeScaling a kind may read besides its kind. Each kind's entry says which.
    enum class ScalingField
    {
        factor,
        trained_length,
        low_freq_factor,
        high_freq_factor,
        beta_fast,
        beta_slow,
        ramp,
        truncate,
        attention_factor,
        mscale,
        mscale_all_dim,
        short_factor,
        long_factor
    };

    /// A field's JS name, its label, and whether it holds one value per rotary pair (values only a
    /// checkpoint's config gives, never a default).
    struct ScalingFieldEntry
    {
        std::string_view name;
        ScalingField value;
        std::string_view label;
        bool per_pair;
    };

    inline constexpr auto scaling_field_names = std::to_array<ScalingFieldEntry>({
        {"factor", ScalingField::factor, "scale factor s", false},
        {"trainedLength", ScalingField::trained_length, "trained length L", false},
        {"lowFreqFactor", ScalingField::low_freq_factor, "low-frequency factor", false},
        {"highFreqFactor", ScalingField::high_freq_factor, "high-frequency factor", false},
        {"betaFast", ScalingField::beta_fast, "turns where interpolation stops (beta)", false},
        {"betaSlow", ScalingField::beta_slow, "turns where interpolation is complete (alpha)", false},
        {"ramp", ScalingField::ramp, "ramp form", false},
        {"truncate", ScalingField::truncate, "ramp ends rounded to whole pairs", false},
        {"attentionFactor", ScalingField::attention_factor, "attention factor", false},
        {"mscale", ScalingField::mscale, "mscale", false},
        {"mscaleAllDim", ScalingField::mscale_all_dim, "mscale of all dimensions", false},
        {"shortFactor", ScalingField::short_factor, "per-pair factors up to L", true},
        {"longFactor", ScalingField::long_factor, "per-pair factors past L", true},
    });
    constexpr const auto& names_of(ScalingField) { return scaling_field_names; }

    /// How the frequencies are rescaled for positions past the trained length.
    enum class RopeScalingKind
    {
        none,
        pi,
        ntk,
        yarn,
        llama3,
        dynamic,
        longrope
    };

    constexpr std::uint32_t field_bit(ScalingField field) { return std::uint32_t{1} << static_cast<unsigned>(field); }

    /// A scaling kind's names and the fields of RopeScaling it reads besides its kind (the checks
    /// and the bindings read those and no others). A new kind is one entry here plus its math in
    /// scaled_inverse_frequencies and, if it has one, rope_attention_factor.
    struct RopeScalingEntry
    {
        std::string_view name;
        RopeScalingKind value;
        std::string_view label;
        std::uint32_t reads;  // field_bit of each field read
        /// Whether its frequencies change with the length of the sequence being encoded (HF computes
        /// them per forward pass from max(position_ids) + 1), so one set cannot serve every length.
        bool follows_length = false;
    };

    namespace detail
    {
        template <typename... Fields>
        constexpr std::uint32_t fields(Fields... each)
        {
            return (field_bit(each) | ... | 0u);
        }
    }

    inline constexpr auto rope_scaling_names = std::to_array<RopeScalingEntry>({
        {"none", RopeScalingKind::none, "none", 0},
        {"pi", RopeScalingKind::pi, "PI", detail::fields(ScalingField::factor)},
        {"ntk", RopeScalingKind::ntk, "NTK-aware", detail::fields(ScalingField::factor)},
        {"yarn", RopeScalingKind::yarn, "YaRN",
         detail::fields(ScalingField::factor, ScalingField::trained_length, ScalingField::beta_fast, ScalingField::beta_slow,
                        ScalingField::ramp, ScalingField::truncate, ScalingField::attention_factor, ScalingField::mscale,
                        ScalingField::mscale_all_dim)},
        {"llama3", RopeScalingKind::llama3, "Llama 3",
         detail::fields(ScalingField::factor, ScalingField::trained_length, ScalingField::low_freq_factor, ScalingField::high_freq_factor)},
        {"dynamic", RopeScalingKind::dynamic, "dynamic NTK", detail::fields(ScalingField::factor, ScalingField::trained_length), true},
        {"longrope", RopeScalingKind::longrope, "LongRoPE",
         detail::fields(ScalingField::factor, ScalingField::trained_length, ScalingField::short_factor, ScalingField::long_factor,
                        ScalingField::attention_factor),
         true},
    });
    constexpr const auto& names_of(RopeScalingKind) { return rope_scaling_names; }

    /// The table entry of `kind`.
    constexpr const RopeScalingEntry& scaling_entry(RopeScalingKind kind)
    {
        for (const auto& entry : rope_scaling_names)
            if (entry.value == kind) return entry;
        return rope_scaling_names.front();
    }

    constexpr bool reads(const RopeScalingEntry& entry, ScalingField field) { return (entry.reads & field_bit(field)) != 0; }

    /// Whether `kind` needs values per rotary pair (LongRoPE's factors), which only a checkpoint gives.
    constexpr bool needs_per_pair_values(RopeScalingKind kind)
    {
        for (const auto& field : scaling_field_names)
            if (field.per_pair && reads(scaling_entry(kind), field.value)) return true;
        return false;
    }

    /// Every field a kind may read; a kind reads those its entry names and ignores the rest. Field
    /// names follow HF's rope_scaling keys: factor, original_max_position_embeddings (trained_length),
    /// low_freq_factor, high_freq_factor, beta_fast, beta_slow, truncate, attention_factor, mscale,
    /// mscale_all_dim, short_factor, long_factor.
    struct RopeScaling
    {
        RopeScalingKind kind = RopeScalingKind::none;
        double factor = 1.0;                       // s = target length / trained length
        std::int64_t trained_length = 0;           // L, the length the checkpoint was trained to
        double low_freq_factor = 1.0;              // llama3: wavelengths over L / low are divided by s
        double high_freq_factor = 4.0;             // llama3: wavelengths under L / high are kept
        double beta_fast = 32.0;                   // yarn: pairs turning more than this within L are kept
        double beta_slow = 1.0;                    // yarn: pairs turning less than this within L are divided by s
        YarnRamp ramp = YarnRamp::dimension;       // yarn
        bool truncate = true;                      // yarn, dimension ramp: correction dims floored/ceiled (HF's default)
        std::optional<double> attention_factor{};  // yarn, longrope: replaces the formula when given
        std::optional<double> mscale{};            // yarn: DeepSeek's mscale (0 or absent: not set, as in HF)
        std::optional<double> mscale_all_dim{};    // yarn: DeepSeek's mscale_all_dim
        std::vector<double> short_factor{};        // longrope: one per rotary pair, up to L
        std::vector<double> long_factor{};         // longrope: one per rotary pair, past L
    };

    namespace detail
    {
        inline Problem check_positive(const std::string& argument, double value)
        {
            if (std::isfinite(value) && value > 0) return std::nullopt;
            return range_problem(argument, "a finite number greater than 0", format_number(value));
        }

        inline Problem check_per_pair(const std::string& argument, const std::vector<double>& values, std::size_t pairs)
        {
            if (values.size() != pairs)
                return range_problem(argument + ".length", std::to_string(pairs) + " (one factor per rotary pair)",
                                     std::to_string(values.size()));
            for (std::size_t i = 0; i < values.size(); ++i)
                if (auto problem = check_positive(argument + "[" + std::to_string(i) + "]", values[i])) return problem;
            return std::nullopt;
        }
    }

    /// Problem with the fields `scaling`'s kind reads, or none. `pairs` is the number of frequencies
    /// the scaling applies to (LongRoPE needs one factor per pair).
    inline Problem check_rope_scaling(const RopeScaling& scaling, std::size_t pairs)
    {
        const auto& entry = scaling_entry(scaling.kind);
        if (reads(entry, ScalingField::factor)
            && !(std::isfinite(scaling.factor) && scaling.factor >= 1.0 && scaling.factor <= limits::max_rope_factor))
            return range_problem("scaling.factor", "a number from 1 to " + format_number(limits::max_rope_factor),
                                 format_number(scaling.factor));
        if (reads(entry, ScalingField::trained_length))
            if (auto problem =
                    check_integer("scaling.trainedLength", static_cast<double>(scaling.trained_length), 1, limits::max_trained_length))
                return problem;
        if (reads(entry, ScalingField::low_freq_factor))
        {
            if (auto problem = detail::check_positive("scaling.lowFreqFactor", scaling.low_freq_factor)) return problem;
            if (!(std::isfinite(scaling.high_freq_factor) && scaling.high_freq_factor >= scaling.low_freq_factor))
                return range_problem("scaling.highFreqFactor",
                                     "a finite number no less than scaling.lowFreqFactor (" + format_number(scaling.low_freq_factor) + ")",
                                     format_number(scaling.high_freq_factor));
        }
        if (reads(entry, ScalingField::beta_fast))
        {
            if (auto problem = detail::check_positive("scaling.betaSlow", scaling.beta_slow)) return problem;
            if (!(std::isfinite(scaling.beta_fast) && scaling.beta_fast > scaling.beta_slow))
                return range_problem("scaling.betaFast",
                                     "a finite number greater than scaling.betaSlow (" + format_number(scaling.beta_slow) + ")",
                                     format_number(scaling.beta_fast));
        }
        if (reads(entry, ScalingField::attention_factor) && scaling.attention_factor)
            if (auto problem = detail::check_positive("scaling.attentionFactor", *scaling.attention_factor)) return problem;
        for (const auto& [field, argument, value] :
             {std::tuple{ScalingField::mscale, "scaling.mscale", scaling.mscale},
              std::tuple{ScalingField::mscale_all_dim, "scaling.mscaleAllDim", scaling.mscale_all_dim}})
            if (reads(entry, field) && value && !(std::isfinite(*value) && *value >= 0))
                return range_problem(argument, "a finite number from 0 (0: not set)", format_number(*value));
        if (reads(entry, ScalingField::short_factor))
        {
            if (auto problem = detail::check_per_pair("scaling.shortFactor", scaling.short_factor, pairs)) return problem;
            if (auto problem = detail::check_per_pair("scaling.longFactor", scaling.long_factor, pairs)) return problem;
        }
        return std::nullopt;
    }

    namespace detail
    {
        /// YaRN's attention scale for factor s: 0.1 k ln(s) + 1, and 1 for s <= 1 (HF's get_mscale).
        inline double yarn_mscale(double s, double k) { return s <= 1 ? 1.0 : 0.1 * k * std::log(s) + 1.0; }

        /// The pair index (continuous) at which a pair turns `turns` times within L positions:
        /// L / wavelength_i = turns  <=>  i = D ln(L / (2 pi turns)) / (2 ln base). HF's find_correction_dim.
        inline double yarn_correction_dim(double turns, double frequency_dim, double base, double trained_length)
        {
            return frequency_dim * std::log(trained_length / (turns * 2 * std::numbers::pi)) / (2 * std::log(base));
        }

        /// HF's linear_ramp_factor over pair indices: 0 below the correction range, 1 above it.
        struct DimensionRamp
        {
            double low, high;
            double at(std::size_t i) const { return std::clamp((static_cast<double>(i) - low) / (high - low), 0.0, 1.0); }
        };

        inline DimensionRamp yarn_dimension_ramp(const RopeScaling& scaling, double frequency_dim, double base)
        {
            const double L = static_cast<double>(scaling.trained_length);
            double low = yarn_correction_dim(scaling.beta_fast, frequency_dim, base, L);
            double high = yarn_correction_dim(scaling.beta_slow, frequency_dim, base, L);
            if (scaling.truncate)
            {
                low = std::floor(low);
                high = std::ceil(high);
            }
            low = std::max(low, 0.0);
            high = std::min(high, frequency_dim - 1);  // as HF clamps it: the frequency dim, not the pair count
            if (low == high) high += 0.001;            // HF's guard against a zero-width ramp
            return {low, high};
        }

        /// base' = base * ((s n / L) - (s - 1))^(D / (D - 2)) with n = max(sequence length, L): HF's
        /// dynamic NTK, which leaves the base alone until the sequence outgrows L.
        inline double dynamic_base(double base, const RopeScaling& scaling, double frequency_dim, std::int64_t sequence_length)
        {
            const double L = static_cast<double>(scaling.trained_length);
            const double n = static_cast<double>(std::max(sequence_length, scaling.trained_length));
            return base * std::pow(scaling.factor * n / L - (scaling.factor - 1), frequency_dim / (frequency_dim - 2));
        }
    }

    /// The D/2 inverse frequencies of a rotary block of D dimensions (D even, >= 2) after `scaling`,
    /// theta_i for i = 0 .. D/2 - 1, with inv_i = base^(-2i/D), each kind as HF computes it:
    ///   none:     inv_i
    ///   pi:       inv_i / s                                       (HF "linear")
    ///   ntk:      1 / base'^(2i/D), base' = base s^(D/(D-2))      (fast pairs kept, the slowest divided by s)
    ///   dynamic:  the same with base' from detail::dynamic_base at this sequence length (HF "dynamic")
    ///   yarn:     g_i inv_i + (1 - g_i) inv_i / s with the ramp g_i of `ramp`:
    ///               dimension: clamp((i - low) / (high - low), 0, 1) reversed, low and high the correction dims
    ///                          of betaFast and betaSlow (floored and ceiled when truncate): HF and the YaRN code
    ///               ratio:     clamp((r_i - betaSlow) / (betaFast - betaSlow), 0, 1), r_i = L inv_i / (2 pi): the paper
    ///   llama3:   wavelength lambda_i = 2 pi / inv_i: kept under L / highFreqFactor, divided by s over
    ///             L / lowFreqFactor, between them (1 - m) inv_i / s + m inv_i with m = (L / lambda_i - low) / (high - low)
    ///   longrope: 1 / (f_i base^(2i/D)), f = longFactor when the sequence is longer than L, else shortFactor
    /// `sequence_length` is the length of the sequence being encoded (HF: max(position_ids) + 1); only
    /// dynamic and longrope read it. Call check_rope_scaling first.
    inline std::vector<double> scaled_inverse_frequencies(std::size_t frequency_dim, double base, const RopeScaling& scaling,
                                                          std::int64_t sequence_length)
    {
        const double D = static_cast<double>(frequency_dim);
        const double s = scaling.factor;
        const double L = static_cast<double>(scaling.trained_length);
        double used_base = base;
        if (scaling.kind == RopeScalingKind::ntk) used_base = base * std::pow(s, D / (D - 2));
        if (scaling.kind == RopeScalingKind::dynamic) used_base = detail::dynamic_base(base, scaling, D, sequence_length);
        const bool long_factors = sequence_length > scaling.trained_length;
        std::optional<detail::DimensionRamp> ramp;
        if (scaling.kind == RopeScalingKind::yarn && scaling.ramp == YarnRamp::dimension)
            ramp = detail::yarn_dimension_ramp(scaling, D, base);

        std::vector<double> theta(frequency_dim / 2);
        for (std::size_t i = 0; i < theta.size(); ++i)
        {
            // base^(-2i/D) in one power (HF takes the reciprocal of base^(2i/D): at most an ulp apart), as
            // the engine always has, so the unscaled frequencies and everything built on them are unchanged.
            const double inv = std::pow(used_base, -static_cast<double>(2 * i) / D);
            switch (scaling.kind)
            {
            case RopeScalingKind::none:
            case RopeScalingKind::ntk:
            case RopeScalingKind::dynamic: theta[i] = inv; break;
            case RopeScalingKind::pi: theta[i] = inv / s; break;
            case RopeScalingKind::yarn:
            {
                // g = 1 keeps the pair (extrapolation), g = 0 divides it by s (interpolation).
                const double kept =
                    ramp ? 1 - ramp->at(i)
                         : std::clamp((L * inv / (2 * std::numbers::pi) - scaling.beta_slow) / (scaling.beta_fast - scaling.beta_slow), 0.0,
                                      1.0);
                theta[i] = inv / s * (1 - kept) + inv * kept;
                break;
            }
            case RopeScalingKind::llama3:
            {
                const double wavelength = 2 * std::numbers::pi / inv;
                const double low = scaling.low_freq_factor, high = scaling.high_freq_factor;
                if (wavelength > L / low) theta[i] = inv / s;                   // slow pairs: interpolated
                else if (wavelength < L / high || high == low) theta[i] = inv;  // fast pairs (an empty band when high == low)
                else
                {
                    const double smooth = (L / wavelength - low) / (high - low);
                    theta[i] = (1 - smooth) * inv / s + smooth * inv;
                }
                break;
            }
            case RopeScalingKind::longrope: theta[i] = inv / (long_factors ? scaling.long_factor[i] : scaling.short_factor[i]); break;
            }
        }
        return theta;
    }

    /// The factor HF multiplies cos and sin by, so q and k are each scaled by it (logits by its square):
    ///   yarn:     attentionFactor if given, else mscale(s, mscale) / mscale(s, mscaleAllDim) when both are set
    ///             (DeepSeek), else mscale(s, 1) = 0.1 ln(s) + 1, with mscale(s, k) = 0.1 k ln(s) + 1 (1 for s <= 1)
    ///   longrope: attentionFactor if given, else sqrt(1 + ln(s) / ln(L)) (1 for s <= 1)
    ///   every other kind: 1.
    inline double rope_attention_factor(const RopeScaling& scaling)
    {
        const double s = scaling.factor;
        switch (scaling.kind)
        {
        case RopeScalingKind::yarn:
            if (scaling.attention_factor) return *scaling.attention_factor;
            if (scaling.mscale.value_or(0) != 0 && scaling.mscale_all_dim.value_or(0) != 0)
                return detail::yarn_mscale(s, *scaling.mscale) / detail::yarn_mscale(s, *scaling.mscale_all_dim);
            return detail::yarn_mscale(s, 1.0);
        case RopeScalingKind::longrope:
            if (scaling.attention_factor) return *scaling.attention_factor;
            return s <= 1 ? 1.0 : std::sqrt(1 + std::log(s) / std::log(static_cast<double>(scaling.trained_length)));
        default: return 1.0;
        }
    }

    /// What DeepSeek-V2/V3's attention multiplies its softmax scale by when the YaRN config sets
    /// mscale_all_dim: mscale(s, mscaleAllDim)^2, on every logit (rotary and latent parts alike). 1 otherwise.
    inline double rope_logit_factor(const RopeScaling& scaling)
    {
        if (scaling.kind != RopeScalingKind::yarn || scaling.mscale_all_dim.value_or(0) == 0) return 1.0;
        const double m = detail::yarn_mscale(scaling.factor, *scaling.mscale_all_dim);
        return m * m;
    }
}
