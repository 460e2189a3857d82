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
        val wrapped = val::object();  // the one function that takes a number, read like an option
        wrapped.set("nHeads", n_heads);
        const OptionsReader read(wrapped);
        std::int64_t heads = 0;
        POSENC_CHECK(read.integer("nHeads", heads));
        POSENC_CHECK(read.verdict(check_heads(static_cast<double>(heads))));
        val result = success();
        result.set("slopes", float64_array(posenc::alibi_slopes(heads)));
        return result;
    }

    val alibi_bias(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        const OptionsReader read(options);
        AlibiBiasOptions settings;
        POSENC_CHECK(
            read.integers({{"nHeads", settings.n_heads}, {"keyLength", settings.key_length}, {"queryLength", settings.query_length}}));
        POSENC_CHECK(read.verdict(check_alibi_bias(settings)));
        // Filled block by block into the JS array: the whole table (up to 256 MB) never sits in wasm memory.
        const auto slopes = posenc::alibi_slopes(settings.n_heads);
        const auto heads = static_cast<std::size_t>(settings.n_heads), queries = static_cast<std::size_t>(settings.query_length),
                   keys = static_cast<std::size_t>(settings.key_length);
        val result = success();
        result.set("heads", heads);
        result.set("queries", queries);
        result.set("keys", keys);
        result.set("data",
                   typed_table<double>("Float64Array", heads * queries, keys, [&](std::size_t first, std::size_t count, double* out) {
                       alibi_bias_rows(settings, slopes, first, count, out);
                   }));
        return result;
    }

    val t5_bucket(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        const OptionsReader read(options);
        T5BucketOptions settings;
        std::uint64_t count = 0;
        POSENC_CHECK(read_t5_options(read, settings));
        POSENC_CHECK(read.verdict(check_t5_bucket_options(settings)));
        POSENC_CHECK(read.list_length("relativePositions", count));
        POSENC_CHECK(check_t5_batch(count));
        std::vector<double> relative;
        POSENC_CHECK(read.list("relativePositions", relative));
        POSENC_CHECK(check_relative_positions(relative));
        val result = success();
        result.set("buckets", int32_array(posenc::t5_buckets(relative, settings)));
        return result;
    }
}
