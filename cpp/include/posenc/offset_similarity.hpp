#pragma once
// Similarity versus offset: how much two encodings delta positions apart have in common, for the
// encodings view. The sinusoidal dot product depends on delta only; so does the RoPE score of a
// fixed query and key (for a given sequence length, which dynamic NTK and LongRoPE read),
// which is why both are drawn against delta.
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
        /// The RoPE settings (one index per token); rope.base is the sinusoidal base too.
        RopeOptions rope{};
        std::uint64_t seed = 1;  // the RoPE query and key, N(0, 1) entries
    };

    /// Per offset delta = 0 .. max_offset (one entry each):
    ///   sinusoidal_dot          PE(p) . PE(p + delta), from the table
    ///   sinusoidal_closed_form  the same from sinusoidal_offset_dot (sum over pairs of cos(delta w_i))
    ///   rope_score              a^2 (R(p + delta) q . R(p) k over the rotary dimensions) + q . k over the unrotated ones,
    ///                           for seeded q and k, a = rope_attention_factor: HF multiplies cos and sin by a, so
    ///                           each rotated half of q and k carries it and the pass-through dimensions do not.
    ///                           DeepSeek's logit factor scales the softmax, not q . k, and is left out.
    /// q and k are rotated in one sequence of p + max_offset + 1 tokens (the length dynamic NTK and
    /// LongRoPE read), so every offset sees the same frequencies.
    struct OffsetSimilarity
    {
        std::vector<double> sinusoidal_dot, sinusoidal_closed_form, rope_score;
        double attention_factor = 1.0;
    };

    inline Problem check_offset_similarity(const OffsetSimilarityOptions& options)
    {
        if (auto problem = check_integer("p", static_cast<double>(options.p), 0, limits::max_position)) return problem;
        if (auto problem = check_integer("maxOffset", static_cast<double>(options.max_offset), 0, limits::max_position - options.p))
            return problem;
        if (auto problem = check_integer("dModel", static_cast<double>(options.d_model), 2, limits::max_d_model)) return problem;
        if (options.d_model % 2 != 0) return range_problem("dModel", "even (RoPE rotates pairs)", std::to_string(options.d_model));
        if (options.rope.axes != RopeAxes::sequence)
            return range_problem("rotaryAxes", "'sequence' (the offsets run along one token index)",
                                 std::string(name_of(options.rope.axes)));
        if (auto problem = check_sinusoidal_shape(static_cast<std::uint64_t>(options.max_offset + 1), {options.d_model, options.rope.base}))
            return problem;
        return check_rope_options(options.d_model, options.rope);
    }

    inline OffsetSimilarity offset_similarity(const OffsetSimilarityOptions& options)
    {
        throw_if(check_offset_similarity(options));
        const auto count = static_cast<std::size_t>(options.max_offset + 1);
        const auto d = static_cast<std::size_t>(options.d_model);
        std::vector<double> positions(count);
        for (std::size_t i = 0; i < count; ++i) positions[i] = static_cast<double>(options.p) + static_cast<double>(i);
        const auto table = sinusoidal(positions, {options.d_model, options.rope.base});
        Random random(options.seed);
        std::vector<double> q(d), k(d);
        for (double& v : q) v = random.normal();
        for (double& v : k) v = random.normal();
        // Row 0: k at p; row 1 + delta: q at p + delta. One call, so one sequence length for all of them.
        std::vector<double> rows((count + 1) * d);
        std::copy(k.begin(), k.end(), rows.begin());
        for (std::size_t r = 1; r <= count; ++r) std::copy(q.begin(), q.end(), rows.begin() + static_cast<std::ptrdiff_t>(r * d));
        positions.insert(positions.begin(), static_cast<double>(options.p));
        rope_in_place(rows, d, positions, options.rope);
        const std::size_t rotary = rotary_dims(options.d_model, options.rope);
        const double factor = rope_attention_factor(options.rope.scaling);
        double unrotated = 0;
        for (std::size_t c = rotary; c < d; ++c) unrotated += q[c] * k[c];

        OffsetSimilarity result{std::vector<double>(count), std::vector<double>(count), std::vector<double>(count), factor};
        for (std::size_t r = 0; r < count; ++r)
        {
            const double* rotated_q = rows.data() + (r + 1) * d;
            double turned = 0;
            for (std::size_t c = 0; c < rotary; ++c) turned += rotated_q[c] * rows[c];
            for (std::size_t c = 0; c < d; ++c) result.sinusoidal_dot[r] += table(0, c) * table(r, c);
            result.rope_score[r] = factor * factor * turned + unrotated;
            result.sinusoidal_closed_form[r] = sinusoidal_offset_dot(static_cast<double>(r), options.d_model, options.rope.base);
        }
        return result;
    }
}
