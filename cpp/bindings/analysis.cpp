// Adapters for the analyses: toy attention, "position p in a model trained to L", and
// similarity versus offset.
#include <vector>

#include "adapters.hpp"
#include "js_values.hpp"
#include "option_readers.hpp"
#include "posenc/attention.hpp"
#include "posenc/beyond_trained.hpp"
#include "posenc/offset_similarity.hpp"

namespace posenc::js
{
    namespace
    {
        val pair_result(const PairAnalysis& pairs)
        {
            val out = val::object();
            out.set("wavelength", float64_array(pairs.wavelength));
            out.set("completedTurn", uint8_array(pairs.completed_turn));
            out.set("angleAtP", float64_array(pairs.angle_at_p));
            out.set("seenMax", float64_array(pairs.seen_max));
            out.set("outOfRange", uint8_array(pairs.out_of_range));
            return out;
        }

        val sinusoidal_beyond(const val& options, const BeyondTrainedOptions& where, val result)
        {
            SinusoidalOptions encoding;
            POSENC_CHECK(read_integer(options, "dModel", 2, limits::max_d_model, encoding.d_model));
            POSENC_CHECK(read_number(options, "base", encoding.base));
            POSENC_CHECK(check_sinusoidal_shape(1, encoding));
            POSENC_CHECK(check_cells("trainedLength x dModel", static_cast<std::uint64_t>(where.trained_length),
                                     static_cast<std::uint64_t>(encoding.d_model)));
            const auto w = sinusoidal_frequencies(encoding.d_model, encoding.base);
            const auto pairs = analyse_pairs(w, w, where);
            const auto nearest = nearest_trained_sinusoidal(where, encoding);
            result.set("pairs", pair_result(pairs));
            result.set("longWavelengthCount", static_cast<double>(pairs.long_wavelength_count));
            result.set("outOfRangeCount", static_cast<double>(pairs.out_of_range_count));
            val nearest_value = val::object();
            nearest_value.set("position", static_cast<double>(nearest.position));
            nearest_value.set("cosine", nearest.cosine);
            result.set("nearest", nearest_value);
            return result;
        }

        val rope_beyond(const val& options, const BeyondTrainedOptions& where, val result)
        {
            std::int64_t head_dim = 0;
            POSENC_CHECK(read_integer(options, "headDim", 2, limits::max_d_model, head_dim));
            RopeOptions settings;
            POSENC_CHECK(read_rope_options(options, head_dim, settings));
            RopeOptions unscaled = settings;
            unscaled.scaling = {};
            const auto trained = posenc::rope_frequencies(head_dim, unscaled);
            const auto used = posenc::rope_frequencies(head_dim, settings);
            const auto pairs = analyse_pairs(trained, used, where);
            result.set("pairs", pair_result(pairs));
            result.set("frequencies", float64_array(used));
            result.set("longWavelengthCount", static_cast<double>(pairs.long_wavelength_count));
            result.set("outOfRangeCount", static_cast<double>(pairs.out_of_range_count));
            result.set("attentionFactor", rope_attention_factor(settings.scaling));
            return result;
        }

        val learned_beyond(const BeyondTrainedOptions& where, val result)
        {
            result.set("rowExists", where.p < where.trained_length);
            val policies = val::array();
            for (const auto& effect : learned_overflow_effects(where))
            {
                val entry = val::object();
                entry.set("policy", std::string(name_of(effect.policy)));
                entry.set("sourceRow", effect.source_row);
                entry.set("sharedPositions", static_cast<double>(effect.shared_positions));
                entry.set("dropped", static_cast<double>(effect.dropped));
                entry.set("rowSpacing", effect.row_spacing);
                policies.call<void>("push", entry);
            }
            result.set("policies", policies);
            return result;
        }

        val alibi_beyond(const val& options, const BeyondTrainedOptions& where, val result)
        {
            std::int64_t heads = 0;
            POSENC_CHECK(read_integer(options, "nHeads", 1, limits::max_heads, heads));
            const auto reach = alibi_reach(heads, where.p);
            result.set("slopes", float64_array(reach.slope));
            result.set("biasAtP", float64_array(reach.bias_at_p));
            result.set("effectiveSpan", float64_array(reach.effective_span));
            return result;
        }

        val t5_beyond(const val& options, const BeyondTrainedOptions& where, val result)
        {
            T5BucketOptions settings;
            POSENC_CHECK(read_t5_options(options, settings));
            const auto reach = t5_reach(where.p, settings);
            result.set("bucket", static_cast<double>(reach.bucket));
            result.set("firstDistanceInBucket", static_cast<double>(reach.first_distance_in_bucket));
            result.set("bucketAtMaxDistance", static_cast<double>(posenc::t5_bucket(-settings.max_distance, settings)));
            return result;
        }
    }

    val beyond_trained(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        Scheme scheme = Scheme::nope;
        POSENC_CHECK(read_name(options, "scheme", scheme));
        BeyondTrainedOptions where;
        POSENC_CHECK(read_integer(options, "p", 0, limits::max_position, where.p));
        POSENC_CHECK(read_integer(options, "trainedLength", 1, limits::max_position, where.trained_length));
        val result = success();
        result.set("scheme", options["scheme"]);
        result.set("p", static_cast<double>(where.p));
        result.set("trainedLength", static_cast<double>(where.trained_length));
        result.set("beyond", where.p >= where.trained_length);
        switch (scheme)
        {
        case Scheme::sinusoidal: return sinusoidal_beyond(options, where, result);
        case Scheme::rope: return rope_beyond(options, where, result);
        case Scheme::learned: return learned_beyond(where, result);
        case Scheme::alibi: return alibi_beyond(options, where, result);
        case Scheme::t5: return t5_beyond(options, where, result);
        case Scheme::nope: return result;
        }
        return result;
    }

    val attention(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        AttentionOptions settings;
        POSENC_CHECK(read_name(options, "scheme", settings.scheme));
        POSENC_CHECK(read_integer(options, "queryPosition", 0, limits::max_position, settings.query_position));
        POSENC_CHECK(read_integer(options, "dModel", 2, limits::max_attention_d_model, settings.d_model));
        if (settings.d_model % 2 != 0)
            return failure(range_problem("dModel", "even (RoPE rotates pairs)", std::to_string(settings.d_model)));
        std::int64_t seed = 0;
        POSENC_CHECK(read_integer(options, "seed", 0, limits::max_seed, seed));
        settings.seed = static_cast<std::uint64_t>(seed);
        POSENC_CHECK(read_integer(options, "trainedLength", 1, limits::max_position, settings.trained_length));
        POSENC_CHECK(read_name(options, "overflow", settings.overflow));
        RopeOptions rope_settings;
        POSENC_CHECK(read_rope_options(options, settings.d_model, rope_settings));
        settings.base = rope_settings.base;
        settings.scaling = rope_settings.scaling;
        POSENC_CHECK(read_integer(options, "nHeads", 1, limits::max_heads, settings.n_heads));
        POSENC_CHECK(read_integer(options, "head", 0, settings.n_heads - 1, settings.head));
        POSENC_CHECK(check_attention(settings));
        const auto row = attention_row(settings);
        val result = success();
        result.set("logits", float64_array(row.logits));
        result.set("weights", float64_array(row.weights));
        return result;
    }

    val offset_similarity(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        OffsetSimilarityOptions settings;
        POSENC_CHECK(read_integer(options, "p", 0, limits::max_position, settings.p));
        POSENC_CHECK(read_integer(options, "maxOffset", 0, limits::max_position - settings.p, settings.max_offset));
        POSENC_CHECK(read_integer(options, "dModel", 2, limits::max_d_model, settings.d_model));
        POSENC_CHECK(read_number(options, "base", settings.base));
        std::int64_t seed = 0;
        POSENC_CHECK(read_integer(options, "seed", 0, limits::max_seed, seed));
        settings.seed = static_cast<std::uint64_t>(seed);
        POSENC_CHECK(check_offset_similarity(settings));
        const auto similarity = posenc::offset_similarity(settings);
        val result = success();
        result.set("sinusoidalDot", float64_array(similarity.sinusoidal_dot));
        result.set("sinusoidalClosedForm", float64_array(similarity.sinusoidal_closed_form));
        result.set("ropeScore", float64_array(similarity.rope_score));
        return result;
    }
}
