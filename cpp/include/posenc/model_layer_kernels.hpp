#pragma once
// The loops inside the toy transformer's layers (model_stages.hpp): W x over chosen rows and its
// transpose, a RoPE turn of one row, and the T5 buckets and largest distance one input needs.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "model_input.hpp"
#include "rotation.hpp"
#include "row_kernels.hpp"

namespace posenc
{
    namespace detail
    {
        /// out(i, :) += W x(row_i, :) for W (out_dim x in_dim): each output a dot product over c in
        /// order, then added. W is transposed once so that a block of outputs is summed side by side.
        inline void apply_rows(const double* w, std::size_t out_dim, std::size_t in_dim, const double* x, std::span<const std::size_t> rows,
                               double* out)
        {
            const auto columns = transposed(w, out_dim, in_dim);  // (in_dim x out_dim)
            for (std::size_t i = 0; i < rows.size(); ++i)
            {
                const double* xi = x + rows[i] * in_dim;
                double* oi = out + i * out_dim;
                for_each_block(out_dim, [&](std::size_t o, auto width) {
                    constexpr std::size_t n = decltype(width)::value;
                    double sums[n] = {};
                    add_scaled_rows<n>(
                        in_dim, [&](std::size_t c) { return xi[c]; }, [&](std::size_t c) { return columns.data() + c * out_dim + o; },
                        sums);
                    for (std::size_t b = 0; b < n; ++b) oi[o + b] += sums[b];
                });
            }
        }

        /// Rows of x that apply_rows_backward sums into dW per pass (a tile that stays in cache).
        inline constexpr std::size_t backward_row_tile = 64;

        /// The transpose of apply_rows: dW += dy x^T and dx(row_i) += W^T dy_i (dx may be null).
        /// Every element gets its terms one at a time in the plain loop's order (rows i for dW,
        /// outputs o for dx).
        inline void apply_rows_backward(const double* w, std::size_t out_dim, std::size_t in_dim, const double* x,
                                        std::span<const std::size_t> rows, const double* dy, double* dw, double* dx)
        {
            for (std::size_t first = 0; first < rows.size(); first += backward_row_tile)
            {
                const std::size_t count = std::min(backward_row_tile, rows.size() - first);
                for (std::size_t o = 0; o < out_dim; ++o)
                    for_each_block(in_dim, [&](std::size_t c, auto width) {
                        add_scaled_rows<decltype(width)::value>(
                            count, [&](std::size_t i) { return dy[(first + i) * out_dim + o]; },
                            [&](std::size_t i) { return x + rows[first + i] * in_dim + c; }, dw + o * in_dim + c);
                    });
            }
            if (!dx) return;
            for (std::size_t i = 0; i < rows.size(); ++i)
            {
                const double* di = dy + i * out_dim;
                for_each_block(in_dim, [&](std::size_t c, auto width) {
                    add_scaled_rows<decltype(width)::value>(
                        out_dim, [&](std::size_t o) { return di[o]; }, [&](std::size_t o) { return w + o * in_dim + c; },
                        dx + rows[i] * in_dim + c);
                });
            }
        }

        /// Rotates each head of a row by p theta_i per interleaved pair (inverse = true rotates
        /// by -p theta_i, which is the transpose: the backward pass of the rotation).
        inline void rotate_row(double* row, double p, const std::vector<double>& theta, std::size_t heads, bool inverse)
        {
            const std::size_t head_dim = 2 * theta.size();
            for (std::size_t i = 0; i < theta.size(); ++i)
            {
                const double c = std::cos(p * theta[i]), s = inverse ? -std::sin(p * theta[i]) : std::sin(p * theta[i]);
                for (std::size_t h = 0; h < heads; ++h)
                {
                    double* pair = row + h * head_dim + 2 * i;
                    detail::rotate(pair[0], pair[1], c, s);
                }
            }
        }

        inline std::vector<std::size_t> all_rows(std::size_t n)
        {
            std::vector<std::size_t> rows(n);
            for (std::size_t r = 0; r < n; ++r) rows[r] = r;
            return rows;
        }

        /// T5 bucket of every causal distance 0 .. max_distance (bucket of relative position -d).
        inline std::vector<std::size_t> t5_buckets(const T5BucketOptions& options, std::size_t max_distance)
        {
            std::vector<std::size_t> buckets(max_distance + 1);
            for (std::size_t d = 0; d <= max_distance; ++d)
                buckets[d] = static_cast<std::size_t>(t5_bucket(-static_cast<std::int64_t>(d), options));
            return buckets;
        }

        inline std::size_t largest_distance(const ModelInput& input, std::size_t keys)
        {
            const auto [low, high] =
                std::minmax_element(input.positions.begin(), input.positions.begin() + static_cast<std::ptrdiff_t>(keys));
            return static_cast<std::size_t>(*high - *low);
        }
    }
}
