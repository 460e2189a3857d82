// Adapters for RoPE: rotating rows, the score of a rotated pair, and the pair frequencies.
#include <vector>

#include "adapters.hpp"
#include "js_values.hpp"
#include "option_readers.hpp"
#include "posenc/rope.hpp"

namespace posenc::js
{
    val rope(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        std::uint64_t count = 0, x_length = 0;
        POSENC_CHECK(read_list_length(options, "positions", count));
        POSENC_CHECK(read_list_length(options, "x", x_length));
        if (count == 0) return failure(range_problem("positions.length", "at least 1", "0"));
        if (x_length % count != 0)
            return failure(range_problem("x.length", "a multiple of positions.length (" + std::to_string(count) + ")",
                                         std::to_string(x_length)));
        const auto head_dim = static_cast<std::int64_t>(x_length / count);
        RopeOptions settings;
        POSENC_CHECK(read_rope_options(options, head_dim, settings));
        POSENC_CHECK(check_cells("positions.length x head dimension", count, static_cast<std::uint64_t>(head_dim)));
        std::vector<double> positions, x;
        POSENC_CHECK(read_list(options, "positions", positions));
        POSENC_CHECK(check_positions(positions));
        POSENC_CHECK(read_list(options, "x", x));

        posenc::rope_in_place(x, static_cast<std::size_t>(head_dim), positions, settings);  // x is this call's copy
        val result = table_result(static_cast<std::size_t>(count), static_cast<std::size_t>(head_dim), x);
        result.set("attentionFactor", rope_attention_factor(settings.scaling));
        return result;
    }

    val rope_score(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        std::vector<double> q, k;
        POSENC_CHECK(read_capped_list(options, "q", limits::max_d_model, q));
        POSENC_CHECK(read_capped_list(options, "k", limits::max_d_model, k));
        if (k.size() != q.size())
            return failure(range_problem("k.length", "equal to q.length (" + std::to_string(q.size()) + ")", std::to_string(k.size())));
        std::int64_t m = 0, n = 0;
        POSENC_CHECK(read_integer(options, "m", 0, limits::max_position, m));
        POSENC_CHECK(read_integer(options, "n", 0, limits::max_position, n));
        RopeOptions settings;
        POSENC_CHECK(read_rope_options(options, static_cast<std::int64_t>(q.size()), settings));
        val result = success();
        result.set("score", posenc::rope_score(q, k, static_cast<double>(m), static_cast<double>(n), settings));
        return result;
    }

    val rope_frequencies(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        std::int64_t head_dim = 0;
        POSENC_CHECK(read_integer(options, "headDim", 2, limits::max_d_model, head_dim));
        RopeOptions settings;
        POSENC_CHECK(read_rope_options(options, head_dim, settings));
        val result = success();
        result.set("frequencies", float64_array(posenc::rope_frequencies(head_dim, settings)));
        result.set("attentionFactor", rope_attention_factor(settings.scaling));
        return result;
    }
}
