// Adapters for the schemes that bias the logits: ALiBi and T5's buckets.
#include <vector>

#include "adapters.hpp"
#include "js_values.hpp"
#include "option_readers.hpp"
#include "posenc/alibi.hpp"
#include "posenc/t5_bias.hpp"

namespace posenc::js
{
    val alibi_slopes(val n_heads)
    {
        val wrapped = val::object();
        wrapped.set("nHeads", n_heads);
        std::int64_t heads = 0;
        POSENC_CHECK(read_integer(wrapped, "nHeads", 1, limits::max_heads, heads));
        val result = success();
        result.set("slopes", float64_array(posenc::alibi_slopes(heads)));
        return result;
    }

    val alibi_bias(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        AlibiBiasOptions settings;
        POSENC_CHECK(read_integer(options, "nHeads", 1, limits::max_heads, settings.n_heads));
        POSENC_CHECK(read_integer(options, "keyLength", 1, limits::max_position + 1, settings.key_length));
        POSENC_CHECK(read_integer(options, "queryLength", 1, limits::max_position + 1, settings.query_length));
        POSENC_CHECK(check_alibi_bias(settings));
        // Filled block by block into the JS array: the whole table (up to 256 MB) never sits in wasm memory.
        const auto slopes = posenc::alibi_slopes(settings.n_heads);
        const auto heads = static_cast<std::size_t>(settings.n_heads), queries = static_cast<std::size_t>(settings.query_length),
                   keys = static_cast<std::size_t>(settings.key_length);
        val result = success();
        result.set("heads", heads);
        result.set("queries", queries);
        result.set("keys", keys);
        result.set("data", typed_table<double>("Float64Array", heads * queries, keys, [&](std::size_t first, std::size_t count, double* out) {
            alibi_bias_rows(settings, slopes, first, count, out);
        }));
        return result;
    }

    val t5_bucket(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        T5BucketOptions settings;
        POSENC_CHECK(read_t5_options(options, settings));
        std::vector<double> relative;
        POSENC_CHECK(read_capped_list(options, "relativePositions", limits::max_cells, relative));
        std::vector<std::int32_t> buckets(relative.size());
        for (std::size_t i = 0; i < relative.size(); ++i)
        {
            constexpr std::int64_t reach = limits::max_relative_position;
            if (!is_integer_in(relative[i], -reach, reach))  // the name is built only for a failing element
                POSENC_CHECK(check_integer("relativePositions[" + std::to_string(i) + "]", relative[i], -reach, reach));
            buckets[i] = static_cast<std::int32_t>(posenc::t5_bucket(static_cast<std::int64_t>(relative[i]), settings));
        }
        val result = success();
        result.set("buckets", int32_array(buckets));
        return result;
    }
}
