#pragma once
// Similarity versus offset: how much two encodings delta positions apart have in common, for the
// encodings view. The sinusoidal dot product depends on delta only; so does the RoPE score of a
// fixed query and key, which is why both are drawn against delta.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <xtensor/xtensor.hpp>

#include "arguments.hpp"
#include "random.hpp"
#include "rope.hpp"
#include "sinusoidal.hpp"

namespace posenc
{
    struct OffsetSimilarityOptions
    {
        std::int64_t p = 0;             // the first position
        std::int64_t max_offset = 256;  // offsets 0 .. max_offset
        std::int64_t d_model = 64;      // sinusoidal width and RoPE head dimension
        double base = 10000.0;
        std::uint64_t seed = 1;  // the RoPE query and key, N(0, 1) entries
    };

    /// Per offset delta = 0 .. max_offset (one entry each):
    ///   sinusoidal_dot          PE(p) . PE(p + delta), from the table
    ///   sinusoidal_closed_form  the same from sinusoidal_offset_dot (sum over pairs of cos(delta w_i))
    ///   rope_score              R(p + delta) q . R(p) k for seeded q and k (interleaved pairs, no scaling)
    struct OffsetSimilarity
    {
        std::vector<double> sinusoidal_dot, sinusoidal_closed_form, rope_score;
    };

    inline Problem check_offset_similarity(const OffsetSimilarityOptions& options)
    {
        if (auto problem = check_integer("p", static_cast<double>(options.p), 0, limits::max_position)) return problem;
        if (auto problem = check_integer("maxOffset", static_cast<double>(options.max_offset), 0, limits::max_position - options.p))
            return problem;
        if (auto problem = check_integer("dModel", static_cast<double>(options.d_model), 2, limits::max_d_model)) return problem;
        if (options.d_model % 2 != 0) return range_problem("dModel", "even (RoPE rotates pairs)", std::to_string(options.d_model));
        return check_sinusoidal_shape(static_cast<std::uint64_t>(options.max_offset + 1), {options.d_model, options.base});
    }

    inline OffsetSimilarity offset_similarity(const OffsetSimilarityOptions& options)
    {
        throw_if(check_offset_similarity(options));
        const auto count = static_cast<std::size_t>(options.max_offset + 1);
        const auto d = static_cast<std::size_t>(options.d_model);
        std::vector<double> positions(count);
        for (std::size_t i = 0; i < count; ++i) positions[i] = static_cast<double>(options.p) + static_cast<double>(i);
        const auto table = sinusoidal(positions, {options.d_model, options.base});
        Random random(options.seed);
        std::vector<double> q(d), k(d);
        for (double& v : q) v = random.normal();
        for (double& v : k) v = random.normal();
        // q at every position p + delta, k at p.
        std::vector<double> rotated_q(count * d);
        for (std::size_t r = 0; r < count; ++r) std::copy(q.begin(), q.end(), rotated_q.begin() + static_cast<std::ptrdiff_t>(r * d));
        const RopeOptions rope_options{options.base, RopePairing::interleaved, {}};
        rope_in_place(rotated_q, d, positions, rope_options);
        rope_in_place(k, d, std::vector<double>{static_cast<double>(options.p)}, rope_options);

        OffsetSimilarity result{std::vector<double>(count), std::vector<double>(count), std::vector<double>(count)};
        for (std::size_t r = 0; r < count; ++r)
        {
            for (std::size_t c = 0; c < d; ++c)
            {
                result.sinusoidal_dot[r] += table(0, c) * table(r, c);
                result.rope_score[r] += rotated_q[r * d + c] * k[c];
            }
            result.sinusoidal_closed_form[r] = sinusoidal_offset_dot(static_cast<double>(r), options.d_model, options.base);
        }
        return result;
    }
}
