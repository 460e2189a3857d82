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

        val sinusoidal_beyond(const OptionsReader& read, const BeyondTrainedOptions& where, val result)
        {
            SinusoidalOptions encoding;
            POSENC_CHECK(read.integer("dModel", encoding.d_model));
            POSENC_CHECK(read.number("base", encoding.base));
            POSENC_CHECK(read.verdict(check_sinusoidal_beyond(where, encoding)));
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

        val rope_beyond(const OptionsReader& read, const BeyondTrainedOptions& where, val result)
        {
            std::int64_t head_dim = 0;
            RopeOptions settings;
            POSENC_CHECK(read.integer("headDim", head_dim));
            POSENC_CHECK(read_rope_options(read, settings));
            POSENC_CHECK(read.verdict(check_rope_options(head_dim, settings)));
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

        val alibi_beyond(const OptionsReader& read, const BeyondTrainedOptions& where, val result)
        {
            std::int64_t heads = 0;
            POSENC_CHECK(read.integer("nHeads", heads));
            POSENC_CHECK(read.verdict(check_alibi_reach(heads, where.p)));
            const auto reach = alibi_reach(heads, where.p);
            result.set("slopes", float64_array(reach.slope));
            result.set("biasAtP", float64_array(reach.bias_at_p));
            result.set("effectiveSpan", float64_array(reach.effective_span));
            return result;
        }

        val t5_beyond(const OptionsReader& read, const BeyondTrainedOptions& where, val result)
        {
            T5BucketOptions settings;
            POSENC_CHECK(read_t5_options(read, settings));
            POSENC_CHECK(read.verdict(check_t5_reach(where.p, settings)));
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
        const OptionsReader read(options);
        Scheme scheme = Scheme::nope;
        BeyondTrainedOptions where;
        POSENC_CHECK(read.name("scheme", scheme));
        POSENC_CHECK(read.integers({{"p", where.p}, {"trainedLength", where.trained_length}}));
        POSENC_CHECK(read.verdict(check_beyond_trained(where)));
        val result = success();
        result.set("scheme", options["scheme"]);
        result.set("p", static_cast<double>(where.p));
        result.set("trainedLength", static_cast<double>(where.trained_length));
        result.set("beyond", where.p >= where.trained_length);
        switch (scheme)
        {
        case Scheme::sinusoidal: return sinusoidal_beyond(read, where, result);
        case Scheme::rope: return rope_beyond(read, where, result);
        case Scheme::learned: return learned_beyond(where, result);
        case Scheme::alibi: return alibi_beyond(read, where, result);
        case Scheme::t5: return t5_beyond(read, where, result);
        case Scheme::nope: return result;
        }
        return result;
    }

    val attention(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        const OptionsReader read(options);
        AttentionOptions settings;
        RopeOptions rope_settings;
        POSENC_CHECK(read.name("scheme", settings.scheme));
        POSENC_CHECK(read.integers({{"queryPosition", settings.query_position},
                                    {"dModel", settings.d_model},
                                    {"trainedLength", settings.trained_length},
                                    {"nHeads", settings.n_heads},
                                    {"head", settings.head}}));
        POSENC_CHECK(read.seed("seed", settings.seed));
        POSENC_CHECK(read.name("overflow", settings.overflow));
        POSENC_CHECK(read_rope_options(read, rope_settings));  // the toy head always pairs interleaved
        settings.base = rope_settings.base;
        settings.scaling = rope_settings.scaling;
        POSENC_CHECK(read.verdict(check_attention(settings)));
        const auto row = attention_row(settings);
        val result = success();
        result.set("logits", float64_array(row.logits));
        result.set("weights", float64_array(row.weights));
        return result;
    }

    val offset_similarity(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        const OptionsReader read(options);
        OffsetSimilarityOptions settings;
        POSENC_CHECK(read.integers({{"p", settings.p}, {"maxOffset", settings.max_offset}, {"dModel", settings.d_model}}));
        POSENC_CHECK(read.number("base", settings.base));
        POSENC_CHECK(read.seed("seed", settings.seed));
        POSENC_CHECK(read.verdict(check_offset_similarity(settings)));
        const auto similarity = posenc::offset_similarity(settings);
        val result = success();
        result.set("sinusoidalDot", float64_array(similarity.sinusoidal_dot));
        result.set("sinusoidalClosedForm", float64_array(similarity.sinusoidal_closed_form));
        result.set("ropeScore", float64_array(similarity.rope_score));
        return result;
    }
}
