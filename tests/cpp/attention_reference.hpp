#pragma once
// The toy attention row computed the slow, obvious way (every key's input row built in full,
// libm for every angle, the learned table drawn whole), kept to check the fast one against.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <xtensor/xview.hpp>

#include "posenc/attention.hpp"

namespace reference
{
    using namespace posenc;

    /// Logits q_p . k_j / sqrt(d) + bias_j and their softmax over keys j = 0 .. p, where
    ///   x_j = E[token_j] + position signal (sinusoidal PE(j), learned row under `overflow`, else 0),
    ///   q = Wq x_p, k_j = Wk x_j, rotated by p and j for RoPE (its rotary dimensions; logits times
    ///   the scaling's attention factor squared and logit factor), with latentDims more dimensions
    ///   q' = Wq' x_p, k'_j = Wk' x_j never rotated (and 1 / sqrt(d + latentDims) in place of 1 / sqrt(d)),
    ///   bias_j = -m (p - j) for ALiBi, b[bucket(j - p)] (causal buckets) for T5, else 0;
    ///   keys outside the span -infinity; every logit times Llama 4's temperature when it is on.
    /// E (64 tokens), Wq, Wk ~ N(0, 1/d), the token sequence and T5's biases come from `seed`; Wq', Wk'
    /// from the seed's latent stream, a row of each in turn.
    inline posenc::AttentionRow reference_attention_row(const AttentionOptions& options)
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
            for (std::size_t j = 0; j < keys; ++j) std::copy_n(&token_keys(tokens[j], 0), d, &k(j, 0));
            RopeOptions rope_options{options.base, RopePairing::interleaved, options.scaling};
            rope_options.rotary_fraction = options.rotary_fraction;
            q = rope(q, std::vector<double>{positions.back()}, rope_options);
            k = rope(k, positions, rope_options);
            const double factor = rope_attention_factor(options.scaling);
            if (options.latent_dims > 0)
            {
                // Widen q and k by the latent dimensions: q' = Wq' x_p and k'_j = Wk' x_j, drawn as ToyHead draws them.
                const auto latent = static_cast<std::size_t>(options.latent_dims);
                Random latent_draws(options.seed ^ 0x6C6174656E74ull);
                xt::xtensor<double, 2> w_q_latent({latent, d}), w_k_latent({latent, d});
                for (std::size_t l = 0; l < latent; ++l)
                {
                    for (std::size_t c = 0; c < d; ++c) w_q_latent(l, c) = scale * latent_draws.normal();
                    for (std::size_t c = 0; c < d; ++c) w_k_latent(l, c) = scale * latent_draws.normal();
                }
                xt::xtensor<double, 2> wide_q = xt::zeros<double>({std::size_t{1}, d + latent});
                xt::xtensor<double, 2> wide_k = xt::zeros<double>({keys, d + latent});
                for (std::size_t c = 0; c < d; ++c) wide_q(0, c) = q(0, c);
                for (std::size_t l = 0; l < latent; ++l)
                    for (std::size_t c = 0; c < d; ++c) wide_q(0, d + l) += w_q_latent(l, c) * x(keys - 1, c);
                for (std::size_t j = 0; j < keys; ++j)
                {
                    for (std::size_t c = 0; c < d; ++c) wide_k(j, c) = k(j, c);
                    for (std::size_t l = 0; l < latent; ++l)
                        for (std::size_t c = 0; c < d; ++c) wide_k(j, d + l) += w_k_latent(l, c) * x(j, c);
                }
                q = wide_q;
                k = wide_k;
                logit_scale = 1.0 / std::sqrt(static_cast<double>(d + latent));
            }
            logit_scale *= factor * factor * rope_logit_factor(options.scaling);
        }
        else
            for (std::size_t o = 0; o < d; ++o)
                for (std::size_t c = 0; c < d; ++c) query_through_wk[c] += q(0, o) * w_k(o, c);
        const auto& keyed = options.scheme == Scheme::rope ? k : x;
        const double* probe = options.scheme == Scheme::rope ? &q(0, 0) : query_through_wk.data();
        const std::size_t width = keyed.shape(1);
        if (options.temperature_scale > 0)
            logit_scale *= std::log(std::floor(static_cast<double>(keys) / options.temperature_floor) + 1) * options.temperature_scale + 1;
        const auto first_key = static_cast<std::size_t>(first_visible_key(options.query_position, options.span));
        const double slope = alibi_slopes(options.n_heads)[static_cast<std::size_t>(options.head)];
        AttentionRow row{std::vector<double>(keys), std::vector<double>(keys)};
        for (std::size_t j = 0; j < keys; ++j)
        {
            double dot = 0;
            for (std::size_t c = 0; c < width; ++c) dot += probe[c] * keyed(j, c);
            double logit = dot * logit_scale;
            const auto distance = static_cast<std::int64_t>(keys - 1 - j);
            if (options.scheme == Scheme::alibi) logit -= slope * static_cast<double>(distance);
            if (options.scheme == Scheme::t5) logit += t5_bias_per_bucket[static_cast<std::size_t>(t5_bucket(-distance, {false, 32, 128}))];
            row.logits[j] = j < first_key ? -std::numeric_limits<double>::infinity() : logit;
        }
        const double top = *std::max_element(row.logits.begin(), row.logits.end());
        double total = 0;
        for (std::size_t j = 0; j < keys; ++j) total += row.weights[j] = std::exp(row.logits[j] - top);
        for (double& w : row.weights) w /= total;
        return row;
    }
}
