#pragma once
// "Position p in a model trained to length L": what each scheme hands the model there, in
// numbers the page can show and a learner can check.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <span>
#include <vector>

#include "alibi.hpp"
#include "arguments.hpp"
#include "attention_span.hpp"
#include "learned.hpp"
#include "phase_walk.hpp"
#include "rope.hpp"
#include "sinusoidal.hpp"
#include "t5_bias.hpp"

namespace posenc
{
    struct BeyondTrainedOptions
    {
        std::int64_t p = 5000;               // the query position
        std::int64_t trained_length = 2048;  // L: training saw positions 0 .. L-1
    };

    /// p and L may reach limits::max_analysis_position: the analyses need no table (the sinusoidal
    /// nearest-row search, which walks the L trained rows, is bounded by check_sinusoidal_beyond).
    inline Problem check_beyond_trained(const BeyondTrainedOptions& options)
    {
        if (auto problem = check_integer("p", static_cast<double>(options.p), 0, limits::max_analysis_position)) return problem;
        return check_integer("trainedLength", static_cast<double>(options.trained_length), 1, limits::max_trained_length);
    }

    /// Per frequency pair i (struct of arrays, one entry per pair):
    ///   wavelength      2 pi / theta_i (positions per full turn, before any rescaling)
    ///   completed_turn  training reached a full turn: (L-1) theta_i >= 2 pi
    ///   angle_at_p      p theta_i' mod 2 pi, with theta' the frequencies actually used at p
    ///   seen_max        training saw angles 0 .. seen_max (2 pi once a turn completed)
    ///   out_of_range    angle_at_p > seen_max: an angle no training example produced
    struct PairAnalysis
    {
        std::vector<double> wavelength, angle_at_p, seen_max;
        std::vector<std::uint8_t> completed_turn, out_of_range;
        std::int64_t long_wavelength_count = 0;  // pairs whose wavelength exceeds L
        std::int64_t out_of_range_count = 0;
    };

    /// Compares the angles used at p (frequencies `used`) with those training produced below L
    /// (frequencies `trained`). Sinusoidal: both are w_i. RoPE: p is the distance from the query
    /// to the first key, trained frequencies are the unscaled ones, used ones after PI/NTK/YaRN.
    /// Throws std::invalid_argument when the two lists differ in length.
    inline PairAnalysis analyse_pairs(std::span<const double> trained, std::span<const double> used, const BeyondTrainedOptions& options)
    {
        throw_if(check_beyond_trained(options));
        if (used.size() != trained.size())  // one used frequency per trained pair, read side by side
            throw_if(range_problem("used.length", "trained.length " + std::to_string(trained.size()) + " (one frequency per pair)",
                                   std::to_string(used.size())));
        constexpr double turn = 2 * std::numbers::pi;
        const double last_trained = static_cast<double>(options.trained_length - 1);
        PairAnalysis out;
        for (std::size_t i = 0; i < trained.size(); ++i)
        {
            const double wavelength = turn / trained[i];
            const bool completed = last_trained * trained[i] >= turn;
            const double seen_max = completed ? turn : last_trained * trained[i];
            const double angle = std::fmod(static_cast<double>(options.p) * used[i], turn);
            // 1e-9 rad absorbs rounding: p / s landing exactly on L - 1 counts as seen.
            const bool outside = angle > seen_max + 1e-9;
            out.wavelength.push_back(wavelength);
            out.completed_turn.push_back(completed);
            out.seen_max.push_back(seen_max);
            out.angle_at_p.push_back(angle);
            out.out_of_range.push_back(outside);
            out.long_wavelength_count += wavelength > static_cast<double>(options.trained_length);
            out.out_of_range_count += outside;
        }
        return out;
    }

    /// RoPE at a query p from a model trained to L: its settings beside p and L.
    struct RopeBeyondOptions
    {
        std::int64_t head_dim = 64;
        RopeOptions rope{};
        std::int64_t latent_dims = 0;     // decoupled RoPE (DeepSeek's MLA): unrotated latent dimensions beside the rotary part
        AttentionSpan span{};             // the keys the query sees: the farthest is the distance analysed
        std::int64_t context_length = 0;  // the length the (rescaled) model is meant for; 0: not analysed
    };

    inline Problem check_rope_beyond(const BeyondTrainedOptions& where, const RopeBeyondOptions& options)
    {
        if (auto problem = check_beyond_trained(where)) return problem;
        if (auto problem = check_rope_options(options.head_dim, options.rope)) return problem;
        if (auto problem = check_integer("latentDims", static_cast<double>(options.latent_dims), 0, limits::max_d_model)) return problem;
        if (auto problem = check_attention_span(options.span)) return problem;
        return check_integer("contextLength", static_cast<double>(options.context_length), 0, limits::max_trained_length);
    }

    /// The frequencies a model uses on sequences up to L. A static rescaling (PI, NTK, YaRN, llama3)
    /// is what an extension adds to a model trained without it, so training turned the unscaled
    /// frequencies; dynamic NTK and LongRoPE depend on the sequence length and are taken at length L.
    inline std::vector<double> trained_frequencies(std::int64_t head_dim, const RopeOptions& options, std::int64_t trained_length)
    {
        const auto kind = options.scaling.kind;
        if (kind == RopeScalingKind::dynamic || kind == RopeScalingKind::longrope)
            return rope_frequencies(head_dim, options, trained_length);
        RopeOptions unscaled = options;
        unscaled.scaling = {};
        return rope_frequencies(head_dim, unscaled);
    }

    /// What RoPE hands a query at p whose farthest visible key is `distance` back (p, or less under
    /// a sliding window or chunks): per rotary pair, analyse_pairs of the angles the used frequencies
    /// give at that distance against
    ///   pairs:         those the trained frequencies gave below L (trained_frequencies);
    ///   context_pairs: those the used frequencies give below context_length (the rescaled model's own range).
    /// The used frequencies are those of a sequence of p + 1 tokens (dynamic NTK and LongRoPE read it).
    /// Unrotated dimensions (a partial rotary block, or the latent part of decoupled RoPE) carry no
    /// position: their share of q . k is the same at every distance.
    struct RopeBeyond
    {
        PairAnalysis pairs, context_pairs;
        std::vector<double> trained_frequencies, frequencies;
        std::vector<std::uint8_t> pair_axis;
        std::int64_t rotary_dims = 0, unrotated_dims = 0, distance = 0;
        double attention_factor = 1, logit_factor = 1;
    };

    inline RopeBeyond rope_beyond_trained(const BeyondTrainedOptions& where, const RopeBeyondOptions& options)
    {
        throw_if(check_rope_beyond(where, options));
        RopeBeyond out;
        out.distance = where.p - first_visible_key(where.p, options.span);
        out.trained_frequencies = trained_frequencies(options.head_dim, options.rope, where.trained_length);
        out.frequencies = rope_frequencies(options.head_dim, options.rope, where.p + 1);
        out.pair_axis = rope_pair_axes(options.head_dim, options.rope);
        out.rotary_dims = static_cast<std::int64_t>(rotary_dims(options.head_dim, options.rope));
        out.unrotated_dims = options.head_dim - out.rotary_dims + options.latent_dims;
        out.attention_factor = rope_attention_factor(options.rope.scaling);
        out.logit_factor = rope_logit_factor(options.rope.scaling);
        const BeyondTrainedOptions at_distance{out.distance, where.trained_length};
        out.pairs = analyse_pairs(out.trained_frequencies, out.frequencies, at_distance);
        if (options.context_length > 0)
            out.context_pairs = analyse_pairs(out.frequencies, out.frequencies, {out.distance, options.context_length});
        return out;
    }

    struct NearestTrained
    {
        std::int64_t position = 0;  // q < L whose encoding is most similar to PE(p)
        double cosine = 0;          // cos(PE(p), PE(q))
    };

    /// The trained positions the nearest-row search walks: from <= q < to. A page can search a long
    /// L a stretch at a time, between frames, and keep the best.
    struct NearestSearch
    {
        std::int64_t from = 0;
        std::int64_t to = 0;
    };

    /// Every trained position, 0 .. L-1.
    inline NearestSearch whole_search(const BeyondTrainedOptions& options) { return {0, options.trained_length}; }

    namespace detail
    {
        /// Trained positions one pass of the nearest-row search walks. Up to it the search is one walk
        /// (every result as before); past it each pass starts again from angles libm gives, so the
        /// recurrence's drift stays as at 65,536 rows and memory at one pass, whatever L is.
        inline constexpr std::int64_t nearest_pass = std::int64_t{1} << 16;

        /// Even d: every |PE(q)|^2 is d/2 and PE(p).PE(q) = sum_i cos((p - q) w_i), so the cosine is
        /// that sum over d/2. Walking q = L-1 down to 0, the offset is o + j with o = p - L + 1 and
        /// j = 0 .. L-1, and cos((o + j) w) = cos(o w) cos(j w) - sin(o w) sin(j w): a sum of
        /// sinusoids in j (add_weighted_sinusoids, no libm in the loop), one pass of j at a time.
        inline NearestTrained nearest_by_offset(const BeyondTrainedOptions& options, const SinusoidalOptions& encoding,
                                                const NearestSearch& search)
        {
            const auto w = sinusoidal_frequencies(encoding.d_model, encoding.base);
            const std::size_t pairs = w.size();
            const std::int64_t length = options.trained_length;
            const std::int64_t last_j = length - search.from;  // j = L - 1 - q, so q in [from, to) is j in [L - to, L - from)
            std::vector<double> on_sin(pairs), on_cos(pairs), dots;
            const std::vector<double> ones(pairs, 1.0);
            double best_sum = 0;
            std::int64_t best_j = -1;
            for (std::int64_t first = length - search.to; first < last_j; first += nearest_pass)
            {
                const double first_offset = static_cast<double>(options.p - length + 1 + first);
                for (std::size_t i = 0; i < pairs; ++i)
                {
                    on_cos[i] = std::cos(first_offset * w[i]);
                    on_sin[i] = -std::sin(first_offset * w[i]);
                }
                dots.assign(static_cast<std::size_t>(std::min(nearest_pass, last_j - first)), 0.0);
                add_weighted_sinusoids(
                    w, on_sin, on_cos, [&](std::size_t) { return ones.data(); }, dots);
                // The first largest in j order: the largest q among equals, as walking q downwards finds it.
                const auto top = std::max_element(dots.begin(), dots.end());
                if (best_j < 0 || *top > best_sum)
                {
                    best_sum = *top;
                    best_j = first + static_cast<std::int64_t>(top - dots.begin());
                }
            }
            return {length - 1 - best_j, best_sum / static_cast<double>(pairs)};
        }
    }

    /// Problem with analysing a sinusoidal encoding at p: check_beyond_trained, at least one pair
    /// (dModel 2 or more), a valid base, a search within 0 .. L, and its work: even d walks
    /// (to - from) x d/2 sinusoids (limits::max_nearest_search_work), odd d writes those trained rows
    /// (limits::max_cells). The names are the whole search's when it is the default.
    inline Problem check_sinusoidal_beyond(const BeyondTrainedOptions& options, const SinusoidalOptions& encoding,
                                           const NearestSearch& search)
    {
        if (auto problem = check_beyond_trained(options)) return problem;
        if (auto problem = check_integer("dModel", static_cast<double>(encoding.d_model), 2, limits::max_d_model)) return problem;
        if (auto problem = check_sinusoidal_shape(1, encoding)) return problem;
        if (auto problem = check_integer("search.from", static_cast<double>(search.from), 0, options.trained_length)) return problem;
        if (auto problem = check_integer("search.to", static_cast<double>(search.to), search.from, options.trained_length)) return problem;
        const bool whole = search.from == 0 && search.to == options.trained_length;
        const auto length = static_cast<std::uint64_t>(search.to - search.from);
        const auto d = static_cast<std::uint64_t>(encoding.d_model);
        if (d % 2 != 0) return check_cells(whole ? "trainedLength x dModel" : "(search.to - search.from) x dModel", length, d);
        if (length * (d / 2) <= limits::max_nearest_search_work) return std::nullopt;
        return range_problem(whole ? "trainedLength x dModel / 2" : "(search.to - search.from) x dModel / 2",
                             "at most " + std::to_string(limits::max_nearest_search_work)
                                 + " (the trained positions the search walks, times pairs)",
                             std::to_string(length) + " x " + std::to_string(d / 2) + " = " + std::to_string(length * (d / 2)));
    }

    inline Problem check_sinusoidal_beyond(const BeyondTrainedOptions& options, const SinusoidalOptions& encoding)
    {
        return check_sinusoidal_beyond(options, encoding, whole_search(options));
    }

    /// The trained position whose sinusoidal encoding is closest in angle to PE(p):
    /// argmax over q in [search.from, search.to) of PE(p).PE(q) / (|PE(p)| |PE(q)|) (a non-empty
    /// search). Even d uses the closed form in detail::nearest_by_offset (the largest q among
    /// equals); odd d (a lone sin column breaks it) generates rows in blocks (the smallest), so
    /// memory stays at one block whatever L is.
    inline NearestTrained nearest_trained_sinusoidal(const BeyondTrainedOptions& options, const SinusoidalOptions& encoding,
                                                     const NearestSearch& search)
    {
        throw_if(check_sinusoidal_beyond(options, encoding, search));
        if (search.from == search.to) throw std::invalid_argument("nearest_trained_sinusoidal: an empty search has no nearest row");
        if (encoding.d_model % 2 == 0) return detail::nearest_by_offset(options, encoding, search);
        // PE(p) written out, rounded as the table writes it (p may lie past the table's positions).
        const auto d = static_cast<std::size_t>(encoding.d_model);
        std::vector<double> at_p(d);
        for (std::size_t c = 0; c < d; ++c)
        {
            const double angle =
                static_cast<double>(options.p) / std::pow(encoding.base, static_cast<double>(c - c % 2) / static_cast<double>(d));
            at_p[c] = c % 2 == 0 ? std::sin(angle) : std::cos(angle);
        }
        double p_norm = 0;
        for (std::size_t c = 0; c < d; ++c) p_norm += at_p[c] * at_p[c];
        NearestTrained best{0, -2};
        constexpr std::size_t block = 256;
        std::vector<double> positions;
        std::vector<double> rows(block * d);
        for (std::int64_t start = search.from; start < search.to; start += block)
        {
            positions.clear();
            for (std::int64_t q = start; q < std::min<std::int64_t>(start + block, search.to); ++q)
                positions.push_back(static_cast<double>(q));
            sinusoidal_into(std::span<const double>(positions), encoding, rows.data());
            for (std::size_t r = 0; r < positions.size(); ++r)
            {
                double dot = 0, q_norm = 0;
                for (std::size_t c = 0; c < d; ++c)
                {
                    dot += at_p[c] * rows[r * d + c];
                    q_norm += rows[r * d + c] * rows[r * d + c];
                }
                const double cosine = dot / std::sqrt(p_norm * q_norm);
                if (cosine > best.cosine) best = {static_cast<std::int64_t>(positions[r]), cosine};
            }
        }
        return best;
    }

    inline NearestTrained nearest_trained_sinusoidal(const BeyondTrainedOptions& options, const SinusoidalOptions& encoding)
    {
        return nearest_trained_sinusoidal(options, encoding, whole_search(options));
    }

    /// What each overflow policy does for a query at p (the last of p + 1 positions) in a table
    /// of L rows, with what it costs:
    ///   source_row       the row handed over for p (NaN: refused)
    ///   shared_positions positions that receive that same row (clamp: p - L + 2 of them)
    ///   dropped          positions the model never sees (window: p + 1 - L)
    ///   row_spacing      rows between neighbouring positions (interpolate: (L-1)/p < 1)
    struct OverflowEffect
    {
        Overflow policy;
        double source_row = 0;
        std::int64_t shared_positions = 1;
        std::int64_t dropped = 0;
        double row_spacing = 1;
    };

    inline std::vector<OverflowEffect> learned_overflow_effects(const BeyondTrainedOptions& options)
    {
        throw_if(check_beyond_trained(options));
        const std::int64_t p = options.p, L = options.trained_length;
        const double length = static_cast<double>(p + 1);
        std::vector<OverflowEffect> effects;
        for (Overflow policy : {Overflow::error, Overflow::clamp, Overflow::wrap, Overflow::window, Overflow::interpolate})
        {
            OverflowEffect effect{policy};
            const bool beyond = p >= L;
            effect.source_row =
                policy == Overflow::error && beyond ? std::nan("") : overflow_row(policy, static_cast<double>(p), L, length);
            if (beyond && policy == Overflow::clamp) effect.shared_positions = p - L + 2;
            if (beyond && policy == Overflow::wrap) effect.shared_positions = p / L + 1;  // p, p - L, p - 2L, ... >= 0
            if (beyond && policy == Overflow::window) effect.dropped = p + 1 - L;
            if (beyond && policy == Overflow::interpolate) effect.row_spacing = static_cast<double>(L - 1) / static_cast<double>(p);
            effects.push_back(effect);
        }
        return effects;
    }

    /// ALiBi per head at distance p: the bias -m p, and the distance beyond which a key's weight is
    /// below 1e-6 of the nearest key's (equal content scores): ln(1e6) / m.
    struct AlibiReach
    {
        std::vector<double> slope, bias_at_p, effective_span;
    };

    inline Problem check_alibi_reach(std::int64_t n_heads, std::int64_t p)
    {
        if (auto problem = check_heads(static_cast<double>(n_heads))) return problem;
        return check_integer("p", static_cast<double>(p), 0, limits::max_analysis_position);
    }

    inline AlibiReach alibi_reach(std::int64_t n_heads, std::int64_t p)
    {
        throw_if(check_alibi_reach(n_heads, p));
        AlibiReach reach;
        for (double m : alibi_slopes(n_heads))
        {
            reach.slope.push_back(m);
            reach.bias_at_p.push_back(-m * static_cast<double>(p));
            reach.effective_span.push_back(std::log(1e6) / m);
        }
        return reach;
    }

    /// T5 at distance p (key 0, query p: relative position -p): its bucket, and the smallest
    /// distance that already lands in that bucket (maxDistance or less once the log buckets saturate).
    struct T5Reach
    {
        std::int64_t bucket = 0;
        std::int64_t first_distance_in_bucket = 0;
    };

    inline Problem check_t5_reach(std::int64_t p, const T5BucketOptions& options)
    {
        if (auto problem = check_t5_bucket_options(options)) return problem;
        return check_integer("p", static_cast<double>(p), 0, limits::max_analysis_position);
    }

    inline T5Reach t5_reach(std::int64_t p, const T5BucketOptions& options)
    {
        throw_if(check_t5_reach(p, options));
        T5Reach reach{t5_bucket(-p, options), p};
        // Buckets never fall as the distance grows, so the first distance in p's bucket is found by
        // bisection: the smallest d in [0, p] with bucket(-d) == bucket(-p).
        std::int64_t low = 0, high = p;
        while (low < high)
        {
            const std::int64_t middle = low + (high - low) / 2;
            if (t5_bucket(-middle, options) == reach.bucket) high = middle;
            else low = middle + 1;
        }
        reach.first_distance_in_bucket = low;
        return reach;
    }
}
