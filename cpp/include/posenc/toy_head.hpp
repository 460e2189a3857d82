#pragma once
// The toy attention head's seeded weights: drawn once per (seed, d) and kept, because the
// position view asks for every scheme at the same seed and d (drawing the d x d matrices and a
// 2,048-row learned table costs far more than the attention row itself).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include <xtensor/xtensor.hpp>

#include "limits.hpp"
#include "random.hpp"

namespace posenc
{
    namespace detail
    {
        inline xt::xtensor<double, 2> normal_matrix(Random& random, std::size_t rows, std::size_t cols, double scale)
        {
            xt::xtensor<double, 2> m({rows, cols});
            for (double& v : m) v = scale * random.normal();
            return m;
        }

        /// y = W x for every row x of `in`: out(r, :) = W in(r, :); shapes (rows, d) and (d, d).
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

    /// One head's weights from `seed`, in the order they are drawn from one generator:
    /// E (vocabulary x d, N(0, 1)), Wq and Wk (d x d, N(0, 1/d)), 32 T5 bucket biases (N(0, 1)), then
    /// the token sequence t_0, t_1, ... (uniform over the vocabulary). The learned position table
    /// (N(0, 0.02^2), its own generator from `seed`, row-major as learned_table draws it), the
    /// decoupled latent projections Wq', Wk' (rows of d, N(0, 1/d), a row of each in turn from a third
    /// generator) and the token keys Wk E[t] come on demand. A longer request extends the same
    /// sequences, so the first tokens and rows never depend on how many were asked for.
    class ToyHead
    {
    public:
        ToyHead(std::uint64_t seed, std::size_t d)
            : seed_(seed), d_(d), draws_(seed), learned_draws_(seed), latent_draws_(seed ^ latent_stream)
        {
            const double scale = 1.0 / std::sqrt(static_cast<double>(d));
            embedding_ = detail::normal_matrix(draws_, limits::attention_vocabulary, d, 1.0);
            w_q_ = detail::normal_matrix(draws_, d, d, scale);
            w_k_ = detail::normal_matrix(draws_, d, d, scale);
            t5_bias_per_bucket_.resize(limits::t5_toy_buckets);
            for (double& b : t5_bias_per_bucket_) b = draws_.normal();
        }

        bool matches(std::uint64_t seed, std::size_t d) const { return seed == seed_ && d == d_; }
        const xt::xtensor<double, 2>& embedding() const { return embedding_; }
        const xt::xtensor<double, 2>& w_q() const { return w_q_; }
        const xt::xtensor<double, 2>& w_k() const { return w_k_; }
        const std::vector<double>& t5_bias_per_bucket() const { return t5_bias_per_bucket_; }

        /// Tokens t_0 .. t_{count-1}.
        const std::vector<std::size_t>& tokens(std::size_t count)
        {
            for (std::size_t j = tokens_.size(); j < count; ++j)
                tokens_.push_back(static_cast<std::size_t>(draws_.below(limits::attention_vocabulary)));
            return tokens_;
        }

        /// Rows 0 .. count-1 of the learned table, row-major (d doubles a row).
        const std::vector<double>& learned_rows(std::size_t count)
        {
            const std::size_t have = learned_rows_.size();
            if (have < count * d_)
            {
                learned_rows_.resize(count * d_);
                for (std::size_t i = have; i < learned_rows_.size(); ++i) learned_rows_[i] = 0.02 * learned_draws_.normal();
            }
            return learned_rows_;
        }

        /// Rows 0 .. count-1 of the latent query projection Wq' (d doubles a row).
        const std::vector<double>& latent_query(std::size_t count)
        {
            draw_latent_rows(count);
            return latent_query_;
        }

        /// Rows 0 .. count-1 of the latent key projection Wk'.
        const std::vector<double>& latent_key(std::size_t count)
        {
            draw_latent_rows(count);
            return latent_key_;
        }

        /// Wk E[t] for every token t: (vocabulary, d).
        const xt::xtensor<double, 2>& token_keys()
        {
            if (!token_keys_) token_keys_ = detail::project(embedding_, w_k_);
            return *token_keys_;
        }

        /// True when the sequences grew past what is worth keeping between calls.
        bool oversized() const { return tokens_.size() + learned_rows_.size() > limits::toy_head_kept_doubles; }

    private:
        static constexpr std::uint64_t latent_stream = 0x6C6174656E74ull;  // "latent": its own sequence from the seed

        void draw_latent_rows(std::size_t count)
        {
            const double scale = 1.0 / std::sqrt(static_cast<double>(d_));
            for (std::size_t row = latent_query_.size() / d_; row < count; ++row)
            {
                for (std::size_t c = 0; c < d_; ++c) latent_query_.push_back(scale * latent_draws_.normal());
                for (std::size_t c = 0; c < d_; ++c) latent_key_.push_back(scale * latent_draws_.normal());
            }
        }

        std::uint64_t seed_;
        std::size_t d_;
        Random draws_, learned_draws_, latent_draws_;
        xt::xtensor<double, 2> embedding_, w_q_, w_k_;
        std::vector<double> t5_bias_per_bucket_;
        std::vector<std::size_t> tokens_;
        std::vector<double> learned_rows_, latent_query_, latent_key_;
        std::optional<xt::xtensor<double, 2>> token_keys_;
    };

    namespace detail
    {
        /// The one head kept between calls (one per thread).
        inline std::optional<ToyHead>& kept_toy_head()
        {
            thread_local std::optional<ToyHead> head;
            return head;
        }
    }

    /// The head for (seed, d): the kept one when it matches, else a fresh one that is kept instead.
    inline ToyHead& toy_head(std::uint64_t seed, std::size_t d)
    {
        auto& head = detail::kept_toy_head();
        if (!head || !head->matches(seed, d)) head.emplace(seed, d);
        return *head;
    }

    /// Drops the kept head when a request made it larger than limits::toy_head_kept_doubles.
    inline void trim_toy_head()
    {
        auto& head = detail::kept_toy_head();
        if (head && head->oversized()) head.reset();
    }
}
