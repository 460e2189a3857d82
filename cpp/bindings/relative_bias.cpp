// Adapters for the schemes that bias the logits: ALiBi and T5's buckets.
#include <vector>

#include "adapters.hpp"
#include "js_values.hpp"
#include "option_readers.hpp"
#include "posenc/alibi.hpp"
#include "posenc/t5_bias.hpp"

namespace posenc::js
{
    val alibi_slopes(val options)
    {
        // web/posenc.js hands nHeads given alone as { nHeads }.
        POSENC_CHECK(require_object(options, "options"));
        const OptionsReader read(options);
        std::int64_t heads = 0;
        POSENC_CHECK(read.integer("nHeads", heads));
        POSENC_CHECK(read.verdict(check_heads(static_cast<double>(heads))));
        val slopes = val::undefined();
        POSENC_CHECK(read.output("out", "Float64Array", static_cast<std::size_t>(heads), slopes));
        copy_into<double>(slopes, posenc::alibi_slopes(heads));
        val result = success();
        result.set("slopes", slopes);
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
        val data = val::undefined();
        POSENC_CHECK(read.output("out", "Float64Array", heads * queries * keys, data));
        val result = success();
        result.set("heads", heads);
        result.set("queries", queries);
        result.set("keys", keys);
        result.set("data", typed_table<double>(data, heads * queries, keys, [&](std::size_t first, std::size_t count, double* out) {
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
        val buckets = val::undefined();
        POSENC_CHECK(read.output("out", "Int32Array", relative.size(), buckets));
        copy_into<std::int32_t>(buckets, posenc::t5_buckets(relative, settings));
        val result = success();
        result.set("buckets", buckets);
        return result;
    }
}
