#pragma once
// Toy attention: one head with fixed seeded weights, a query at position p and keys 0..p, under
// each scheme. It shows where a query "looks" at p, not what a trained model would do.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <xtensor/xtensor.hpp>

#include "alibi.hpp"
#include "arguments.hpp"
#include "attention_span.hpp"
#include "learned.hpp"
#include "phase_walk.hpp"
#include "random.hpp"
#include "rope.hpp"
#include "rotation.hpp"
#include "scheme.hpp"
#include "simd.hpp"
#include "sinusoidal.hpp"
#include "softmax.hpp"
#include "t5_bias.hpp"
#include "toy_head.hpp"

namespace posenc
{
    struct AttentionOptions
    {
        Scheme scheme = Scheme::sinusoidal;
        std::int64_t query_position = 5000;  // p: keys are 0 .. p
        std::int64_t d_model = 64;
        std::uint64_t seed = 1;
        std::int64_t trained_length = 2048;   // rows of the learned table
        Overflow overflow = Overflow::clamp;  // learned table past its last row
        double base = 10000.0;                // sinusoidal and RoPE
        RopeScaling scaling{};                // RoPE
        double rotary_fraction = 1.0;         // RoPE: the rotated share of q and k; the rest carries no position
        std::int64_t latent_dims = 0;         // RoPE: decoupled latent dimensions of q and k (DeepSeek's MLA), never rotated
        std::int64_t n_heads = 8;             // ALiBi: slopes for this many heads ...
        std::int64_t head = 0;                // ... and the one shown
        AttentionSpan span{};                 // keys outside it get no weight
        /// Llama 4's NoPE layers (attn_temperature_tuning): q times ln(floor((p + 1) / floor) + 1) scale + 1
        /// when temperature_scale > 0.
        double temperature_floor = 8192.0;
        double temperature_scale = 0.0;
    };

    /// The toy head's RoPE settings (it always pairs interleaved).
    inline RopeOptions toy_rope_options(const AttentionOptions& options)
    {
        RopeOptions rope{options.base, RopePairing::interleaved, options.scaling};
        rope.rotary_fraction = options.rotary_fraction;
        return rope;
    }

    /// Llama 4's query scale at p for its NoPE layers (1 when temperature_scale is 0).
    inline double query_temperature(const AttentionOptions& options)
    {
        if (options.temperature_scale == 0) return 1.0;
        const double p = static_cast<double>(options.query_position);
        return std::log(std::floor((p + 1) / options.temperature_floor) + 1) * options.temperature_scale + 1;
    }

    inline Problem check_attention(const AttentionOptions& options)
    {
        if (auto problem = check_integer("queryPosition", static_cast<double>(options.query_position), 0, limits::max_analysis_position))
            return problem;
        if (auto problem = check_integer("dModel", static_cast<double>(options.d_model), 2, limits::max_attention_d_model)) return problem;
        if (options.d_model % 2 != 0) return range_problem("dModel", "even (RoPE rotates pairs)", std::to_string(options.d_model));
        const auto work = static_cast<std::uint64_t>(options.query_position + 1) * static_cast<std::uint64_t>(options.d_model);
        if (work > limits::max_attention_work)
            return range_problem("(queryPosition + 1) x dModel",
                                 "at most " + std::to_string(limits::max_attention_work) + " (a multiply-add per key and dimension)",
                                 std::to_string(work));
        if (auto problem = check_integer("trainedLength", static_cast<double>(options.trained_length), 1, limits::max_trained_length))
            return problem;
        if (options.scheme == Scheme::learned)
        {
            const std::vector<double> query{static_cast<double>(options.query_position)};
            if (auto problem = check_learned_lookup(query, options.trained_length, options.overflow)) return problem;
        }
        // Every scheme: base and scaling are one group of settings, checked whichever scheme reads them.
        if (auto problem = check_rope_options(options.d_model, toy_rope_options(options))) return problem;
        if (auto problem = check_integer("latentDims", static_cast<double>(options.latent_dims), 0, limits::max_attention_d_model))
            return problem;
        if (auto problem = check_heads(static_cast<double>(options.n_heads))) return problem;
        if (auto problem = check_integer("head", static_cast<double>(options.head), 0, options.n_heads - 1)) return problem;
        if (auto problem = check_attention_span(options.span)) return problem;
        if (!(std::isfinite(options.temperature_floor) && options.temperature_floor >= 1))
            return range_problem("temperatureFloor", "a finite number of at least 1", format_number(options.temperature_floor));
        if (!(std::isfinite(options.temperature_scale) && options.temperature_scale >= 0))
            return range_problem("temperatureScale", "a finite number from 0 (0: off)", format_number(options.temperature_scale));
        return std::nullopt;
    }

    struct AttentionRow
    {
        std::vector<double> logits;   // one per key 0 .. p
        std::vector<double> weights;  // softmax of the logits
    };

    namespace detail
    {
        /// The learned position signal's source row for every key 0 .. keys-1 (NaN: dropped), and the
        /// number of leading table rows those rows use.
        struct LearnedRows
        {
            std::vector<double> source;
            std::size_t rows_used = 0;
        };

        inline LearnedRows learned_source_rows(const AttentionOptions& options, std::size_t keys)
        {
            LearnedRows rows{std::vector<double>(keys), std::min<std::size_t>(keys, static_cast<std::size_t>(options.trained_length))};
            for (std::size_t j = 0; j < keys; ++j)
                rows.source[j] = overflow_row(options.overflow, static_cast<double>(j), options.trained_length, static_cast<double>(keys));
            return rows;
        }

        /// Linear in the row: the blend of per-row values v at source row r (0 when dropped).
        inline double at_row(const std::vector<double>& per_row, double row)
        {
            if (std::isnan(row)) return 0;
            const auto blend = row_blend(row, per_row.size());
            return blend.t == 0 ? per_row[blend.below] : blend(per_row[blend.below], per_row[blend.above]);
        }

        /// The causal T5 bucket of every distance 0 .. keys-1: the buckets only grow with distance
        /// and stop at the last one, so t5_bucket runs until they do.
        inline std::vector<std::uint8_t> t5_buckets_by_distance(std::size_t keys)
        {
            const T5BucketOptions causal{false, static_cast<std::int64_t>(limits::t5_toy_buckets), 128};
            std::vector<std::uint8_t> buckets(keys, static_cast<std::uint8_t>(limits::t5_toy_buckets - 1));
            for (std::size_t distance = 0; distance < keys; ++distance)
            {
                buckets[distance] = static_cast<std::uint8_t>(t5_bucket(-static_cast<std::int64_t>(distance), causal));
                if (buckets[distance] == limits::t5_toy_buckets - 1) break;
            }
            return buckets;
        }

        /// q . k_j for RoPE, where q is already rotated by p and k_j = R(j) K[t_j] with K = Wk E.
        /// q . R(j) k = R(j)^T q . k = g(j) . k, and per pair i with q = (a, b) and angle j theta_i
        ///   g_2i(j) = b sin + a cos,   g_2i+1(j) = -a sin + b cos,
        /// sinusoids in j, so every key costs one d-long dot with its token's key row.
        /// Only the rotary dimensions (2 theta.size() of them, the first) take part; the rest of q are not read.
        inline void add_rope_key_dots(ToyHead& head, const std::vector<double>& q_rotated, const std::vector<double>& theta,
                                      const std::vector<std::size_t>& tokens, std::vector<double>& dots)
        {
            const std::size_t rotary = 2 * theta.size();
            std::vector<double> frequencies(rotary), on_sin(rotary), on_cos(rotary);
            for (std::size_t i = 0; i < theta.size(); ++i)
            {
                const double a = q_rotated[2 * i], b = q_rotated[2 * i + 1];
                frequencies[2 * i] = frequencies[2 * i + 1] = theta[i];
                on_sin[2 * i] = b;
                on_cos[2 * i] = a;
                on_sin[2 * i + 1] = -a;
                on_cos[2 * i + 1] = b;
            }
            const auto& token_keys = head.token_keys();
            add_weighted_sinusoids(
                std::move(frequencies), on_sin, on_cos, [&](std::size_t j) { return &token_keys(tokens[j], 0); }, dots);
        }

        /// probe . PE(j) added to every key's dot, PE interleaved (sin, cos) with the paper's frequencies.
        inline void add_sinusoidal_key_dots(const std::vector<double>& probe, const AttentionOptions& options, std::vector<double>& dots)
        {
            const std::size_t pairs = probe.size() / 2;
            std::vector<double> on_sin(pairs), on_cos(pairs);
            for (std::size_t i = 0; i < pairs; ++i)
            {
                on_sin[i] = probe[2 * i];
                on_cos[i] = probe[2 * i + 1];
            }
            const std::vector<double> ones(pairs, 1.0);
            add_weighted_sinusoids(
                sinusoidal_frequencies(options.d_model, options.base), on_sin, on_cos, [&](std::size_t) { return ones.data(); }, dots);
        }
    }

    /// Logits q_p . k_j / sqrt(d) + bias_j and their softmax over keys j = 0 .. p, where
    ///   x_j = E[t_j] + position signal (sinusoidal PE(j), learned row under `overflow`, else 0),
    ///   q = Wq x_p, k_j = Wk x_j, rotated by p and j for RoPE (its rotary dimensions only; logits times
    ///   the scaling's attention factor squared and its logit factor),
    ///   bias_j = -m (p - j) for ALiBi, b[bucket(j - p)] (causal buckets) for T5, else 0.
    /// Decoupled RoPE adds latentDims unrotated dimensions to q and k (q_lat = Wq' x_p, k_lat = Wk' x_j)
    /// and scales by 1 / sqrt(d + latentDims), as DeepSeek's MLA does. Keys outside the span get
    /// -infinity (no weight); Llama 4's temperature multiplies every logit of its NoPE layers.
    /// E (64 tokens), Wq, Wk ~ N(0, 1/d), the tokens t_j and T5's biases come from `seed` (ToyHead).
    /// No key is projected: q . Wk x_j = (Wk^T q) . E[t_j] + (Wk^T q) . position signal, the first
    /// term one of 64 values; RoPE's rotations and the sinusoidal signal walk by recurrence.
    inline AttentionRow attention_row(const AttentionOptions& options)
    {
        throw_if(check_attention(options));
        const auto keys = static_cast<std::size_t>(options.query_position + 1);
        const auto d = static_cast<std::size_t>(options.d_model);
        const std::size_t p = keys - 1;
        ToyHead& head = toy_head(options.seed, d);
        const auto& tokens = head.tokens(keys);
        const auto& embedding = head.embedding();
        double logit_scale = 1.0 / std::sqrt(static_cast<double>(d));

        // The query's input x_p = E[t_p] + its position signal.
        std::vector<double> x_p(&embedding(tokens[p], 0), &embedding(tokens[p], 0) + d);
        if (options.scheme == Scheme::sinusoidal)
        {
            const std::vector<double> at_p{static_cast<double>(p)};
            std::vector<double> signal(d);
            sinusoidal_into(at_p, {options.d_model, options.base}, signal.data());
            for (std::size_t c = 0; c < d; ++c) x_p[c] += signal[c];
        }
        detail::LearnedRows learned;
        if (options.scheme == Scheme::learned)
        {
            learned = detail::learned_source_rows(options, keys);
            const auto& table = head.learned_rows(learned.rows_used);
            const double row = learned.source[p];
            if (!std::isnan(row)) row_blend(row, learned.rows_used).add_row(table.data(), d, x_p.data());
        }
        std::vector<double> q(d);
        for (std::size_t o = 0; o < d; ++o) q[o] = detail::dot(&head.w_q()(o, 0), x_p.data(), d);

        std::vector<double> dots(keys);
        if (options.scheme == Scheme::rope)
        {
            // The sequence holds keys 0 .. p: dynamic NTK and LongRoPE take their frequencies for p + 1 tokens.
            const auto theta = rope_frequencies(options.d_model, toy_rope_options(options), static_cast<std::int64_t>(keys));
            std::vector<double> q_rotated = q;
            for (std::size_t i = 0; i < theta.size(); ++i)
            {
                const double angle = static_cast<double>(p) * theta[i];
                detail::rotate(q_rotated[2 * i], q_rotated[2 * i + 1], std::cos(angle), std::sin(angle));
            }
            detail::add_rope_key_dots(head, q_rotated, theta, tokens, dots);
            // Unrotated dimensions (a partial rotary block; the latent part of decoupled RoPE) carry
            // only the token: one dot per vocabulary entry, the same at every distance.
            std::vector<double> token_dots(static_cast<std::size_t>(limits::attention_vocabulary), 0.0);
            const std::size_t rotary = 2 * theta.size();
            const auto& token_keys = head.token_keys();
            for (std::size_t t = 0; t < token_dots.size(); ++t)
                token_dots[t] = detail::dot(q.data() + rotary, &token_keys(t, rotary), d - rotary);
            if (options.latent_dims > 0)
            {
                const auto latent = static_cast<std::size_t>(options.latent_dims);
                const auto& w_q = head.latent_query(latent);
                const auto& w_k = head.latent_key(latent);
                std::vector<double> probe(d, 0.0);  // Wk_latent^T Wq_latent x_p, so q_latent . k_latent(t) = probe . E[t]
                for (std::size_t l = 0; l < latent; ++l)
                {
                    const double q_l = detail::dot(&w_q[l * d], x_p.data(), d);
                    for (std::size_t c = 0; c < d; ++c) probe[c] += q_l * w_k[l * d + c];
                }
                for (std::size_t t = 0; t < token_dots.size(); ++t) token_dots[t] += detail::dot(probe.data(), &embedding(t, 0), d);
                logit_scale = 1.0 / std::sqrt(static_cast<double>(d + latent));
            }
            if (rotary < d || options.latent_dims > 0)
                for (std::size_t j = 0; j < keys; ++j) dots[j] += token_dots[tokens[j]];
            const double factor = rope_attention_factor(options.scaling);
            logit_scale *= factor * factor * rope_logit_factor(options.scaling);
        }
        else
        {
            // probe = Wk^T q, so q . Wk x_j = probe . x_j.
            std::vector<double> probe(d, 0.0);
            for (std::size_t o = 0; o < d; ++o)
                for (std::size_t c = 0; c < d; ++c) probe[c] += q[o] * head.w_k()(o, c);
            std::vector<double> token_dots(static_cast<std::size_t>(limits::attention_vocabulary));
            for (std::size_t t = 0; t < token_dots.size(); ++t) token_dots[t] = detail::dot(probe.data(), &embedding(t, 0), d);
            for (std::size_t j = 0; j < keys; ++j) dots[j] = token_dots[tokens[j]];
            if (options.scheme == Scheme::sinusoidal) detail::add_sinusoidal_key_dots(probe, options, dots);
            if (options.scheme == Scheme::learned)
            {
                const auto& table = head.learned_rows(learned.rows_used);
                std::vector<double> row_dots(learned.rows_used);
                for (std::size_t r = 0; r < row_dots.size(); ++r) row_dots[r] = detail::dot(probe.data(), &table[r * d], d);
                for (std::size_t j = 0; j < keys; ++j) dots[j] += detail::at_row(row_dots, learned.source[j]);
            }
        }

        logit_scale *= query_temperature(options);
        AttentionRow row{std::vector<double>(keys), {}};
        for (std::size_t j = 0; j < keys; ++j) row.logits[j] = dots[j] * logit_scale;
        if (options.scheme == Scheme::alibi)
        {
            const double slope = alibi_slopes(options.n_heads)[static_cast<std::size_t>(options.head)];
            for (std::size_t j = 0; j < keys; ++j) row.logits[j] -= slope * static_cast<double>(p - j);
        }
        if (options.scheme == Scheme::t5)
        {
            const auto buckets = detail::t5_buckets_by_distance(keys);
            const auto& bias = head.t5_bias_per_bucket();
            for (std::size_t j = 0; j < keys; ++j) row.logits[j] += bias[buckets[p - j]];
        }
        const auto first_key = static_cast<std::size_t>(first_visible_key(options.query_position, options.span));
        std::fill_n(row.logits.begin(), first_key, -std::numeric_limits<double>::infinity());  // outside the span: no weight
        row.weights = row.logits;
        detail::softmax_in_place(row.weights.data(), keys);
        trim_toy_head();
        return row;
    }
}
