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
        const OptionsReader read(options);
        std::uint64_t count = 0, x_length = 0;
        RopeOptions settings;
        POSENC_CHECK(read.list_length("positions", count));
        POSENC_CHECK(read.list_length("x", x_length));
        POSENC_CHECK(read_rope_options(read, settings));
        POSENC_CHECK(read.verdict(check_rope_shape(count, x_length, settings)));
        val data = val::undefined();
        POSENC_CHECK(read.output("out", "Float64Array", static_cast<std::size_t>(x_length), data));
        std::vector<double> positions, x;
        POSENC_CHECK(read.list("positions", positions));
        POSENC_CHECK(check_positions(positions, limits::max_analysis_position));
        POSENC_CHECK(read.list("x", x));

        const auto rows = static_cast<std::size_t>(count / axis_count(settings.axes));
        const auto head_dim = static_cast<std::size_t>(x_length) / rows;
        posenc::rope_in_place(x, head_dim, positions, settings);  // x is this call's copy
        val result = table_result(rows, head_dim, x, data);
        result.set("attentionFactor", rope_attention_factor(settings.scaling));
        result.set("logitFactor", rope_logit_factor(settings.scaling));
        return result;
    }

    val rope_score(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        const OptionsReader read(options);
        std::uint64_t q_length = 0, k_length = 0;
        std::int64_t m = 0, n = 0;
        RopeOptions settings;
        POSENC_CHECK(read.list_length("q", q_length));
        POSENC_CHECK(read.list_length("k", k_length));
        POSENC_CHECK(read.integers({{"m", m}, {"n", n}}));
        POSENC_CHECK(read_rope_options(read, settings));
        POSENC_CHECK(read.verdict(check_rope_score(q_length, k_length, static_cast<double>(m), static_cast<double>(n), settings)));
        std::vector<double> q, k;
        POSENC_CHECK(read.list("q", q));
        POSENC_CHECK(read.list("k", k));
        val result = success();
        result.set("score", posenc::rope_score(q, k, static_cast<double>(m), static_cast<double>(n), settings));
        return result;
    }

    val rope_frequencies(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        const OptionsReader read(options);
        std::int64_t head_dim = 0, sequence_length = 0;
        RopeOptions settings;
        POSENC_CHECK(read.integers({{"headDim", head_dim}, {"sequenceLength", sequence_length}}));
        POSENC_CHECK(read_rope_options(read, settings));
        POSENC_CHECK(read.verdict(check_rope_options(head_dim, settings)));
        POSENC_CHECK(read.verdict(posenc::check_rope_sequence_length(sequence_length)));
        const auto frequencies = posenc::rope_frequencies(head_dim, settings, sequence_length);
        const auto pair_axis = posenc::rope_pair_axes(head_dim, settings);
        val frequencies_array = val::undefined(), pair_axis_array = val::undefined();
        POSENC_CHECK(read.nested_output("frequencies", "Float64Array", frequencies.size(), frequencies_array));
        POSENC_CHECK(read.nested_output("pairAxis", "Uint8Array", pair_axis.size(), pair_axis_array));
        copy_into<double>(frequencies_array, frequencies);
        copy_into<std::uint8_t>(pair_axis_array, pair_axis);
        val result = success();
        result.set("frequencies", frequencies_array);
        result.set("pairAxis", pair_axis_array);
        result.set("rotaryDims", static_cast<double>(rotary_dims(head_dim, settings)));
        result.set("attentionFactor", rope_attention_factor(settings.scaling));
        result.set("logitFactor", rope_logit_factor(settings.scaling));
        return result;
    }
}
