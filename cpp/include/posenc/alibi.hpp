#pragma once
// ALiBi (Press, Smith, Lewis 2022): no position vectors; each head adds -m (i - j) to the logit
// of query i and key j.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include <xtensor/xtensor.hpp>

#include "arguments.hpp"

namespace posenc
{
    inline Problem check_heads(double n_heads) { return check_integer("nHeads", n_heads, 1, limits::max_heads); }

    namespace detail
    {
        /// 2^(-8k/n) for k = 1..n: a geometric sequence starting at 2^(-8/n).
        inline std::vector<double> power_of_two_slopes(std::int64_t n)
        {
            std::vector<double> slopes(static_cast<std::size_t>(n));
            for (std::int64_t k = 1; k <= n; ++k)
                slopes[static_cast<std::size_t>(k - 1)] = std::exp2(-8.0 * static_cast<double>(k) / static_cast<double>(n));
            return slopes;
        }
    }

    /// The official get_slopes rule. For n a power of two: 2^(-8k/n), k = 1..n. Otherwise, with
    /// c = 2^floor(log2 n): the c slopes for c, then every other slope of the rule for 2c, first
    /// n - c of them. Not sorted: n = 3 gives 1/16, 1/256, 1/4.
    inline std::vector<double> alibi_slopes(std::int64_t n_heads)
    {
        throw_if(check_heads(static_cast<double>(n_heads)));
        std::int64_t closest = 1;
        while (closest * 2 <= n_heads) closest *= 2;
        auto slopes = detail::power_of_two_slopes(closest);
        if (closest == n_heads) return slopes;
        const auto doubled = detail::power_of_two_slopes(2 * closest);
        for (std::int64_t k = 0; k < n_heads - closest; ++k) slopes.push_back(doubled[static_cast<std::size_t>(2 * k)]);
        return slopes;
    }

    struct AlibiBiasOptions
    {
        std::int64_t n_heads = 0;
        std::int64_t query_length = 0;
        std::int64_t key_length = 0;
    };

    inline Problem check_alibi_bias(const AlibiBiasOptions& options)
    {
        if (auto problem = check_heads(static_cast<double>(options.n_heads))) return problem;
        if (auto problem = check_integer("keyLength", static_cast<double>(options.key_length), 1, limits::max_position + 1)) return problem;
        if (auto problem = check_integer("queryLength", static_cast<double>(options.query_length), 1, options.key_length)) return problem;
        const auto cells = static_cast<std::uint64_t>(options.query_length) * static_cast<std::uint64_t>(options.key_length);
        return check_cells("nHeads x queryLength x keyLength", static_cast<std::uint64_t>(options.n_heads), cells);
    }

    /// Rows first_row .. first_row + count - 1 of the bias seen as (heads x queries) rows of keys
    /// columns (row r is head r / queries, query r % queries), written row-major into out; `slopes`
    /// from alibi_slopes. Lets a caller fill the table block by block. Values as alibi_bias.
    inline void alibi_bias_rows(const AlibiBiasOptions& options, std::span<const double> slopes, std::size_t first_row, std::size_t count,
                                double* out)
    {
        const auto queries = static_cast<std::size_t>(options.query_length);
        const auto keys = static_cast<std::size_t>(options.key_length);
        const std::size_t offset = keys - queries;
        for (std::size_t r = first_row; r < first_row + count; ++r, out += keys)
        {
            const double slope = slopes[r / queries];
            const std::size_t t = offset + r % queries;
            // Past keys then future ones, in two plain loops the compiler vectorizes (no branch per key).
            for (std::size_t j = 0; j <= t; ++j) out[j] = -slope * static_cast<double>(t - j);
            std::fill(out + t + 1, out + keys, -std::numeric_limits<double>::infinity());
        }
    }

    /// Bias of shape (heads, queries, keys). Queries are the last queryLength of the keyLength
    /// positions, so query i sits at position t = keyLength - queryLength + i. For key j:
    ///   bias = -m_h (t - j) for j <= t, and -Infinity for j > t (a future key, masked).
    /// The official code adds +m_h j instead; the two differ by a constant per row, equal after softmax.
    inline xt::xtensor<double, 3> alibi_bias(const AlibiBiasOptions& options)
    {
        throw_if(check_alibi_bias(options));
        const auto slopes = alibi_slopes(options.n_heads);
        const auto heads = static_cast<std::size_t>(options.n_heads);
        const auto queries = static_cast<std::size_t>(options.query_length);
        const auto keys = static_cast<std::size_t>(options.key_length);
        xt::xtensor<double, 3> bias({heads, queries, keys});
        alibi_bias_rows(options, slopes, 0, heads * queries, bias.data());
        return bias;
    }
}
