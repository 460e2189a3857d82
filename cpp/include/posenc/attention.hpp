#pragma once
// Toy attention: one head with fixed seeded weights, a query at position p and keys 0..p, under
// each scheme. It shows where a query "looks" at p, not what a trained model would do.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <xtensor/xtensor.hpp>
#include <xtensor/xview.hpp>

#include "alibi.hpp"
#include "arguments.hpp"
#include "learned.hpp"
#include "random.hpp"
#include "rope.hpp"
#include "sinusoidal.hpp"
#include "t5_bias.hpp"

namespace posenc
{
    enum class Scheme { nope, sinusoidal, learned, rope, alibi, t5 };

    namespace limits
    {
        inline constexpr std::int64_t max_attention_d_model = 256;  // keys x d x d work stays interactive
        inline constexpr std::int64_t attention_vocabulary = 64;
        inline constexpr std::uint64_t max_attention_work = std::uint64_t{1} << 30;
    }

    struct AttentionOptions
    {
        Scheme scheme = Scheme::sinusoidal;
        std::int64_t query_position = 5000;  // p: keys are 0 .. p
        std::int64_t d_model = 64;
        std::uint64_t seed = 1;
        std::int64_t trained_length = 2048;  // rows of the learned table
        Overflow overflow = Overflow::clamp;   // learned table past its last row
        double base = 10000.0;                 // sinusoidal and RoPE
        RopeScaling scaling{};                 // RoPE
        std::int64_t n_heads = 8;              // ALiBi: slopes for this many heads ...
        std::int64_t head = 0;                 // ... and the one shown
    };

    inline Problem check_attention(const AttentionOptions& options)
    {
        if (auto problem = check_integer("queryPosition", static_cast<double>(options.query_position), 0, limits::max_position))
            return problem;
        if (auto problem = check_integer("dModel", static_cast<double>(options.d_model), 2, limits::max_attention_d_model))
            return problem;
        if (options.d_model % 2 != 0) return range_problem("dModel", "even (RoPE rotates pairs)", std::to_string(options.d_model));
        const auto work = static_cast<std::uint64_t>(options.query_position + 1) * static_cast<std::uint64_t>(options.d_model * options.d_model);
        if (work > limits::max_attention_work)
            return range_problem("(queryPosition + 1) x dModel^2", "at most " + std::to_string(limits::max_attention_work) + " (the key projections' multiply-adds)",
                                 std::to_string(work));
        if (auto problem = check_integer("trainedLength", static_cast<double>(options.trained_length), 1, limits::max_position))
            return problem;
        if (options.scheme == Scheme::learned)
        {
            const std::vector<double> query{static_cast<double>(options.query_position)};
            if (auto problem = check_learned_lookup(query, options.trained_length, options.overflow)) return problem;
        }
        if (options.scheme == Scheme::rope)
            if (auto problem = check_rope_options(options.d_model, {options.base, RopePairing::interleaved, options.scaling}))
                return problem;
        if (options.scheme == Scheme::sinusoidal && !(std::isfinite(options.base) && options.base > 1.0))
            return range_problem("base", "a finite number greater than 1", format_number(options.base));
        if (auto problem = check_heads(static_cast<double>(options.n_heads))) return problem;
        return check_integer("head", static_cast<double>(options.head), 0, options.n_heads - 1);
    }

    struct AttentionRow
    {
        std::vector<double> logits;   // one per key 0 .. p
        std::vector<double> weights;  // softmax of the logits
    };

    namespace detail
    {
        inline xt::xtensor<double, 2> normal_matrix(Random& random, std::size_t rows, std::size_t cols, double scale)
        {
            xt::xtensor<double, 2> m({rows, cols});
            for (double& v : m) v = scale * random.normal();
            return m;
        }

        /// y = W x for every row x of `in`: out(r, :) = W in(r, :).
        inline xt::xtensor<double, 2> project(const xt::xtensor<double, 2>& in, const xt::xtensor<double, 2>& w)
        {
            const std::size_t rows = in.shape(0), d = in.shape(1);
            xt::xtensor<double, 2> out = xt::zeros<double>({rows, d});
            for (std::size_t r = 0; r < rows; ++r)
                for (std::size_t o = 0; o < d; ++o)
                {
                    double sum = 0;
                    for (std::size_t c = 0; c < d; ++c) sum += w(o, c) * in(r, c);
                    out(r, o) = sum;
                }
            return out;
        }
    }

    /// Logits q_p . k_j / sqrt(d) + bias_j and their softmax over keys j = 0 .. p, where
    ///   x_j = E[token_j] + position signal (sinusoidal PE(j), learned row under `overflow`, else 0),
    ///   q = Wq x_p, k_j = Wk x_j, rotated by p and j for RoPE (logits times YaRN's factor squared),
    ///   bias_j = -m (p - j) for ALiBi, b[bucket(j - p)] (causal buckets) for T5, else 0.
    /// E (64 tokens), Wq, Wk ~ N(0, 1/d), the token sequence and T5's biases come from `seed`.
    inline AttentionRow attention_row(const AttentionOptions& options)
    {
        throw_if(check_attention(options));
        const auto keys = static_cast<std::size_t>(options.query_position + 1);
        const auto d = static_cast<std::size_t>(options.d_model);
        Random random(options.seed);
        const double scale = 1.0 / std::sqrt(static_cast<double>(d));
        const auto embedding = detail::normal_matrix(random, limits::attention_vocabulary, d, 1.0);
        const auto w_q = detail::normal_matrix(random, d, d, scale);
        const auto w_k = detail::normal_matrix(random, d, d, scale);
        std::vector<double> t5_bias_per_bucket(32);
        for (double& b : t5_bias_per_bucket) b = random.normal();

        std::vector<double> positions(keys);
        for (std::size_t j = 0; j < keys; ++j) positions[j] = static_cast<double>(j);
        std::vector<std::size_t> tokens(keys);
        xt::xtensor<double, 2> x({keys, d});
        for (std::size_t j = 0; j < keys; ++j)
        {
            tokens[j] = static_cast<std::size_t>(random.below(limits::attention_vocabulary));
            for (std::size_t c = 0; c < d; ++c) x(j, c) = embedding(tokens[j], c);
        }
        if (options.scheme == Scheme::sinusoidal) x += sinusoidal(positions, {options.d_model, options.base});
        if (options.scheme == Scheme::learned)
        {
            const auto table = learned_table({options.trained_length, options.d_model, options.seed});
            x += learned_lookup(table, positions, options.overflow).rows;
        }

        auto q = detail::project(xt::xtensor<double, 2>(xt::view(x, xt::range(keys - 1, keys), xt::all())), w_q);
        double logit_scale = scale;
        // key_dots(j) = q . k_j without projecting every key (keys x d^2 multiply-adds): RoPE keys are
        // token rows only, so project the vocabulary once and rotate; otherwise q . Wk x_j = (Wk^T q) . x_j.
        xt::xtensor<double, 2> k;
        std::vector<double> query_through_wk(d, 0.0);
        if (options.scheme == Scheme::rope)
        {
            const auto token_keys = detail::project(embedding, w_k);
            k = xt::xtensor<double, 2>({keys, d});
            for (std::size_t j = 0; j < keys; ++j)
                std::copy_n(&token_keys(tokens[j], 0), d, &k(j, 0));
            const RopeOptions rope_options{options.base, RopePairing::interleaved, options.scaling};
            q = rope(q, std::vector<double>{positions.back()}, rope_options);
            k = rope(k, positions, rope_options);
            const double factor = rope_attention_factor(options.scaling);
            logit_scale *= factor * factor;
        }
        else
            for (std::size_t o = 0; o < d; ++o)
                for (std::size_t c = 0; c < d; ++c) query_through_wk[c] += q(0, o) * w_k(o, c);
        const auto& keyed = options.scheme == Scheme::rope ? k : x;
        const double* probe = options.scheme == Scheme::rope ? &q(0, 0) : query_through_wk.data();
        const double slope = alibi_slopes(options.n_heads)[static_cast<std::size_t>(options.head)];
        AttentionRow row{std::vector<double>(keys), std::vector<double>(keys)};
        for (std::size_t j = 0; j < keys; ++j)
        {
            double dot = 0;
            for (std::size_t c = 0; c < d; ++c) dot += probe[c] * keyed(j, c);
            double logit = dot * logit_scale;
            const auto distance = static_cast<std::int64_t>(keys - 1 - j);
            if (options.scheme == Scheme::alibi) logit -= slope * static_cast<double>(distance);
            if (options.scheme == Scheme::t5)
                logit += t5_bias_per_bucket[static_cast<std::size_t>(t5_bucket(-distance, {false, 32, 128}))];
            row.logits[j] = logit;
        }
        const double top = *std::max_element(row.logits.begin(), row.logits.end());
        double total = 0;
        for (std::size_t j = 0; j < keys; ++j) total += row.weights[j] = std::exp(row.logits[j] - top);
        for (double& w : row.weights) w /= total;
        return row;
    }
}
