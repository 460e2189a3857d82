#pragma once
// T5's relative position buckets (Raffel et al. 2020), the rule of the reference implementations
// (mesh-tensorflow's and HF transformers' _relative_position_bucket).
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "arguments.hpp"

namespace posenc
{
    struct T5BucketOptions
    {
        bool bidirectional = true;
        std::int64_t num_buckets = 32;
        std::int64_t max_distance = 128;
    };

    inline Problem check_t5_bucket_options(const T5BucketOptions& options)
    {
        const std::int64_t least = options.bidirectional ? 4 : 2;  // at least one exact and one log bucket
        if (auto problem = check_integer("numBuckets", static_cast<double>(options.num_buckets), least, limits::max_t5_buckets))
            return problem;
        if (options.bidirectional && options.num_buckets % 2 != 0)
            return range_problem("numBuckets", "even when bidirectional (half the buckets per direction)",
                                 std::to_string(options.num_buckets));
        const std::int64_t per_direction = options.bidirectional ? options.num_buckets / 2 : options.num_buckets;
        const std::int64_t max_exact = per_direction / 2;
        return check_integer("maxDistance", static_cast<double>(options.max_distance), max_exact + 1, limits::max_t5_distance);
    }

    /// Bucket of relative position r = key - query.
    /// bidirectional: n = numBuckets/2 per direction, keys after the query (r > 0) offset by n, d = |r|;
    /// unidirectional: n = numBuckets, d = max(-r, 0) (every future key falls in bucket 0).
    /// Then with e = n/2: d < e is its own bucket; otherwise
    ///   e + trunc(log(d / e) / log(maxDistance / e) * (n - e)), capped at n - 1,
    /// evaluated in float32 as the reference implementations do (torch's d.float(), tf.to_float); float64
    /// gives the same buckets for the usual settings, so the match does not rest on the precision.
    inline std::int64_t t5_bucket(std::int64_t relative_position, const T5BucketOptions& options = {})
    {
        throw_if(check_t5_bucket_options(options));
        std::int64_t n = options.num_buckets;
        std::int64_t bucket = 0;
        // |r| as unsigned: -r overflows for INT64_MIN (whose distance, 2^63, lands in the last bucket).
        const std::uint64_t magnitude =
            relative_position < 0 ? 0 - static_cast<std::uint64_t>(relative_position) : static_cast<std::uint64_t>(relative_position);
        std::uint64_t distance = 0;
        if (options.bidirectional)
        {
            n /= 2;
            if (relative_position > 0) bucket += n;
            distance = magnitude;
        }
        else
        {
            distance = relative_position < 0 ? magnitude : 0;
        }
        const std::int64_t max_exact = n / 2;
        if (distance < static_cast<std::uint64_t>(max_exact)) return bucket + static_cast<std::int64_t>(distance);
        const float scaled = std::log(static_cast<float>(distance) / static_cast<float>(max_exact))
                             / static_cast<float>(std::log(static_cast<double>(options.max_distance) / static_cast<double>(max_exact)))
                             * static_cast<float>(n - max_exact);
        const auto large = std::min<std::int64_t>(max_exact + static_cast<std::int64_t>(scaled), n - 1);
        return bucket + large;
    }

    /// Problem unless `count` relative positions may be bucketed at once (checked before copying them).
    inline Problem check_t5_batch(std::uint64_t count)
    {
        if (count <= limits::max_cells) return std::nullopt;
        return range_problem("relativePositions.length", "at most " + std::to_string(limits::max_cells), std::to_string(count));
    }

    /// Problem unless every relative position is an integer within +-limits::max_relative_position.
    inline Problem check_relative_positions(std::span<const double> relative)
    {
        constexpr std::int64_t reach = limits::max_relative_position;
        for (std::size_t i = 0; i < relative.size(); ++i)
            if (!is_integer_in(relative[i], -reach, reach))  // the name is built only for a failing element
                return check_integer("relativePositions[" + std::to_string(i) + "]", relative[i], -reach, reach);
        return std::nullopt;
    }

    /// t5_bucket of every relative position.
    inline std::vector<std::int32_t> t5_buckets(std::span<const double> relative, const T5BucketOptions& options)
    {
        throw_if(check_t5_batch(relative.size()));
        throw_if(check_relative_positions(relative));
        std::vector<std::int32_t> buckets(relative.size());
        for (std::size_t i = 0; i < relative.size(); ++i)
            buckets[i] = static_cast<std::int32_t>(t5_bucket(static_cast<std::int64_t>(relative[i]), options));
        return buckets;
    }
}
