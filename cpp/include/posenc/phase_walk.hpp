#pragma once
// Sums of sinusoids at positions j = 0, 1, 2, ... with no libm in the loop, for the toy attention
// row's keys: libm runs a few times per frequency, then only multiply-adds.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "rotation.hpp"
#include "simd.hpp"

namespace posenc
{
    /// cos(j w_i) and sin(j w_i), and their values at j - 1, at the anchors j = 0, A, 2A, ...
    /// (A = steps_per_anchor) for every frequency w_i. Each anchor comes from the last by the exact
    /// angle-addition rule (rotation by A w_i, its cos and sin from libm once): a few ulp per anchor.
    class AnchorWalk
    {
    public:
        static constexpr std::size_t steps_per_anchor = 64;

        explicit AnchorWalk(std::vector<double> frequencies) : frequencies_(std::move(frequencies))
        {
            const std::size_t n = frequencies_.size();
            for (auto* v : {&cos_, &sin_, &previous_cos_, &previous_sin_, &step_cos_, &step_sin_, &leap_cos_, &leap_sin_}) v->resize(n);
            for (std::size_t i = 0; i < n; ++i)
            {
                step_cos_[i] = std::cos(frequencies_[i]);
                step_sin_[i] = std::sin(frequencies_[i]);
                leap_cos_[i] = std::cos(static_cast<double>(steps_per_anchor) * frequencies_[i]);
                leap_sin_[i] = std::sin(static_cast<double>(steps_per_anchor) * frequencies_[i]);
                cos_[i] = 1;
                sin_[i] = 0;
            }
            step_back();
        }

        std::size_t size() const { return frequencies_.size(); }
        const double* cos() const { return cos_.data(); }
        const double* sin() const { return sin_.data(); }
        const double* previous_cos() const { return previous_cos_.data(); }
        const double* previous_sin() const { return previous_sin_.data(); }
        const double* step_cos() const { return step_cos_.data(); }

        /// To the next anchor, A positions on.
        void leap()
        {
            for (std::size_t i = 0; i < frequencies_.size(); ++i) detail::rotate(cos_[i], sin_[i], leap_cos_[i], leap_sin_[i]);
            step_back();
        }

    private:
        /// The values one step before the anchor (angle minus w_i), to start a recurrence there.
        void step_back()
        {
            for (std::size_t i = 0; i < frequencies_.size(); ++i)
            {
                previous_cos_[i] = cos_[i];
                previous_sin_[i] = sin_[i];
                detail::rotate(previous_cos_[i], previous_sin_[i], step_cos_[i], -step_sin_[i]);
            }
        }

        std::vector<double> frequencies_;
        std::vector<double> cos_, sin_, previous_cos_, previous_sin_, step_cos_, step_sin_, leap_cos_, leap_sin_;
    };

    namespace detail
    {
        /// Returns sum_c w_c g_c, and overwrites older with the next values 2 cos(w_c) g_c - older_c.
        /// Four independent partial sums (c mod 4), in two vectors: with one sum, every key would wait
        /// on n dependent additions. Added up as ((c=0 + c=1) + (c=2 + c=3)), the leftovers into c=0.
        inline double dot_and_step(const double* __restrict w, const double* __restrict g, double* __restrict older,
                                   const double* __restrict twice_cos, std::size_t n)
        {
            f64x2 sums01 = {0, 0}, sums23 = {0, 0};
            std::size_t c = 0;
            for (; c + 4 <= n; c += 4)
            {
                const f64x2 g01 = load_f64x2(g + c), g23 = load_f64x2(g + c + 2);
                sums01 += load_f64x2(w + c) * g01;
                sums23 += load_f64x2(w + c + 2) * g23;
                store_f64x2(older + c, load_f64x2(twice_cos + c) * g01 - load_f64x2(older + c));
                store_f64x2(older + c + 2, load_f64x2(twice_cos + c + 2) * g23 - load_f64x2(older + c + 2));
            }
            double sum0 = sums01[0];
            for (; c < n; ++c)
            {
                sum0 += w[c] * g[c];
                older[c] = twice_cos[c] * g[c] - older[c];
            }
            return (sum0 + sums01[1]) + (sums23[0] + sums23[1]);
        }
    }

    /// out[j] += sum_c weights(j)[c] g_c(j) for j = 0 .. out.size() - 1, where
    ///   g_c(j) = on_sin[c] sin(j w_c) + on_cos[c] cos(j w_c)        (n components; w, on_sin, on_cos: n values)
    /// and weights(j) points at n weights for key j (the same row for every key, or one per token).
    /// Each g_c obeys g_c(j+1) = 2 cos(w_c) g_c(j) - g_c(j-1), restarted exactly at every anchor of
    /// an AnchorWalk, so a key costs two multiply-adds per component and no libm. A rounding error
    /// in the recurrence is carried forward times sin(k w)/sin(w) <= k after k steps, so with
    /// A = 64 steps between restarts the drift stays below A^2 ulp (~5e-13 relative).
    template <typename WeightsOfKey>
    void add_weighted_sinusoids(std::vector<double> frequencies, std::span<const double> on_sin, std::span<const double> on_cos,
                                WeightsOfKey weights, std::span<double> out)
    {
        AnchorWalk walk(std::move(frequencies));
        const std::size_t n = walk.size();
        std::vector<double> term(n), previous_term(n), twice_step_cos(n);
        for (std::size_t c = 0; c < n; ++c) twice_step_cos[c] = 2 * walk.step_cos()[c];
        for (std::size_t start = 0; start < out.size(); start += AnchorWalk::steps_per_anchor, walk.leap())
        {
            for (std::size_t c = 0; c < n; ++c)
            {
                term[c] = on_sin[c] * walk.sin()[c] + on_cos[c] * walk.cos()[c];
                previous_term[c] = on_sin[c] * walk.previous_sin()[c] + on_cos[c] * walk.previous_cos()[c];
            }
            const std::size_t end = std::min(out.size(), start + AnchorWalk::steps_per_anchor);
            // Ping-pong: the older of the two rows is overwritten by the next step's values.
            double* now = term.data();
            double* older = previous_term.data();
            for (std::size_t j = start; j < end; ++j)
            {
                out[j] += detail::dot_and_step(weights(j), now, older, twice_step_cos.data(), n);
                std::swap(now, older);
            }
        }
    }
}
