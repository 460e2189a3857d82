// Adapters for the analyses: toy attention, "position p in a model trained to L", and
// similarity versus offset.
#include <iterator>
#include <utility>
#include <vector>

#include "adapters.hpp"
#include "js_values.hpp"
#include "option_readers.hpp"
#include "posenc/attention.hpp"
#include "posenc/beyond_trained.hpp"
#include "posenc/models.hpp"
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
            NearestSearch search = whole_search(where);
            if (read.has("search"))
            {
                OptionsReader stretch;
                POSENC_CHECK(read.nested("search", stretch));
                POSENC_CHECK(stretch.integers({{"from", search.from}, {"to", search.to}}));
            }
            POSENC_CHECK(read.verdict(check_sinusoidal_beyond(where, encoding, search)));
            const auto w = sinusoidal_frequencies(encoding.d_model, encoding.base);
            const auto pairs = analyse_pairs(w, w, where);
            result.set("pairs", pair_result(pairs));
            result.set("longWavelengthCount", static_cast<double>(pairs.long_wavelength_count));
            result.set("outOfRangeCount", static_cast<double>(pairs.out_of_range_count));
            if (search.from == search.to)
            {
                result.set("nearest", val::null());  // nothing searched
                return result;
            }
            const auto nearest = nearest_trained_sinusoidal(where, encoding, search);
            val nearest_value = val::object();
            nearest_value.set("position", static_cast<double>(nearest.position));
            nearest_value.set("cosine", nearest.cosine);
            result.set("nearest", nearest_value);
            return result;
        }

        /// The fields of a RoPE analysis (rope_beyond_trained) added to `result`.
        val rope_result(const RopeBeyond& rope, val result)
        {
            result.set("pairs", pair_result(rope.pairs));
            result.set("frequencies", float64_array(rope.frequencies));
            result.set("trainedFrequencies", float64_array(rope.trained_frequencies));
            result.set("pairAxis", uint8_array(rope.pair_axis));
            result.set("longWavelengthCount", static_cast<double>(rope.pairs.long_wavelength_count));
            result.set("outOfRangeCount", static_cast<double>(rope.pairs.out_of_range_count));
            result.set("rotaryDims", static_cast<double>(rope.rotary_dims));
            result.set("unrotatedDims", static_cast<double>(rope.unrotated_dims));
            result.set("distance", static_cast<double>(rope.distance));
            result.set("attentionFactor", rope.attention_factor);
            result.set("logitFactor", rope.logit_factor);
            if (!rope.context_pairs.wavelength.empty())
            {
                result.set("contextPairs", pair_result(rope.context_pairs));
                result.set("contextOutOfRangeCount", static_cast<double>(rope.context_pairs.out_of_range_count));
            }
            return result;
        }

        val span_value(const AttentionSpan& span)
        {
            val out = val::object();
            out.set("kind", std::string(name_of(span.kind)));
            out.set("size", static_cast<double>(span.size));
            return out;
        }

        val rope_beyond(const OptionsReader& read, const BeyondTrainedOptions& where, val result)
        {
            RopeBeyondOptions settings;
            POSENC_CHECK(read.integers({{"headDim", settings.head_dim}, {"latentDims", settings.latent_dims}}));
            POSENC_CHECK(read_rope_options(read, settings.rope));
            POSENC_CHECK(read_attention_span(read, settings.span));
            POSENC_CHECK(read.verdict(check_rope_beyond(where, settings)));
            return rope_result(rope_beyond_trained(where, settings), result);
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

        val alibi_result(std::int64_t heads, std::int64_t p, val result)
        {
            const auto reach = alibi_reach(heads, p);
            result.set("slopes", float64_array(reach.slope));
            result.set("biasAtP", float64_array(reach.bias_at_p));
            result.set("effectiveSpan", float64_array(reach.effective_span));
            return result;
        }

        val alibi_beyond(const OptionsReader& read, const BeyondTrainedOptions& where, val result)
        {
            std::int64_t heads = 0;
            POSENC_CHECK(read.integer("nHeads", heads));
            POSENC_CHECK(read.verdict(check_alibi_reach(heads, where.p)));
            return alibi_result(heads, where.p, result);
        }

        val t5_result(const T5BucketOptions& settings, std::int64_t p, val result)
        {
            const auto reach = t5_reach(p, settings);
            result.set("bucket", static_cast<double>(reach.bucket));
            result.set("firstDistanceInBucket", static_cast<double>(reach.first_distance_in_bucket));
            result.set("bucketAtMaxDistance", static_cast<double>(posenc::t5_bucket(-settings.max_distance, settings)));
            return result;
        }

        val t5_beyond(const OptionsReader& read, const BeyondTrainedOptions& where, val result)
        {
            T5BucketOptions settings;
            POSENC_CHECK(read_t5_options(read, settings));
            POSENC_CHECK(read.verdict(check_t5_reach(where.p, settings)));
            return t5_result(settings, where.p, result);
        }

        /// options.model: a preset's name in model_names().
        Problem read_model(const OptionsReader& read, const ModelPreset*& model)
        {
            std::size_t index = 0;
            if (auto problem = read.name_index("model", model_names(), index)) return problem;
            model = &model_presets()[index];
            return std::nullopt;
        }

        /// What each layer group of a preset does at p: RoPE's pairs, NoPE's query scale, the
        /// learned table's policies, ALiBi's reach, T5's bucket.
        val model_beyond(const ModelPreset& model, const OptionsReader& read)
        {
            BeyondTrainedOptions where{0, model.trained_length};
            POSENC_CHECK(read.integer("p", where.p));
            POSENC_CHECK(read.verdict(check_beyond_trained(where)));
            val result = success();
            result.set("model", std::string(model.name));
            result.set("label", std::string(model.label));
            result.set("scheme", std::string(name_of(model.groups.front().scheme)));
            result.set("p", static_cast<double>(where.p));
            result.set("trainedLength", static_cast<double>(model.trained_length));
            result.set("contextLength", static_cast<double>(model.context_length));
            result.set("beyond", where.p >= model.trained_length);
            result.set("beyondContext", where.p >= model.context_length);
            val groups = val::array();
            for (const auto& group : model.groups)
            {
                val entry = val::object();
                entry.set("name", std::string(group.name));
                entry.set("label", std::string(group.label));
                entry.set("scheme", std::string(name_of(group.scheme)));
                const auto layers = group_layers(model, group);
                entry.set("layers", int32_array(std::vector<std::int32_t>(layers.begin(), layers.end())));
                entry.set("span", span_value(group.span));
                switch (group.scheme)
                {
                case Scheme::rope: rope_result(rope_beyond_trained(where, rope_beyond_options(model, group)), entry); break;
                case Scheme::learned: learned_beyond(where, entry); break;
                case Scheme::alibi: alibi_result(model.heads, where.p, entry); break;
                case Scheme::t5: t5_result(model.t5, where.p, entry); break;
                case Scheme::nope:
                {
                    AttentionOptions temperature;
                    temperature.query_position = where.p;
                    temperature.temperature_floor = group.temperature_floor;
                    temperature.temperature_scale = group.temperature_scale;
                    entry.set("queryScale", query_temperature(temperature));
                    break;
                }
                case Scheme::sinusoidal: break;  // no preset: its analysis needs dModel and base, which beyondTrained reads
                }
                groups.call<void>("push", entry);
            }
            result.set("groups", groups);
            return result;
        }
    }

    val beyond_trained(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        const OptionsReader read(options);
        if (read.has("model"))
        {
            const ModelPreset* model = nullptr;
            POSENC_CHECK(read_model(read, model));
            return model_beyond(*model, read);
        }
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

    namespace
    {
        /// The toy head for one layer group of a preset: its scheme and position settings, the model's
        /// head width (the toy's own dModel where no source gives one), heads and trained length.
        Problem read_model_attention(const OptionsReader& read, AttentionOptions& settings)
        {
            const ModelPreset* model = nullptr;
            if (auto problem = read_model(read, model)) return problem;
            const LayerGroup* group = &model->groups.front();
            if (read.has("layerGroup"))
            {
                std::vector<std::string_view> names;
                for (const auto& each : model->groups) names.push_back(each.name);
                std::size_t index = 0;
                if (auto problem = read.name_index("layerGroup", names, index)) return problem;
                group = &model->groups[index];
            }
            settings.scheme = group->scheme;
            if (model->head_dim > 0) settings.d_model = model->head_dim;
            else if (auto problem = read.integer("dModel", settings.d_model)) return problem;
            settings.trained_length = model->trained_length;
            if (model->heads > 0) settings.n_heads = model->heads;
            settings.base = group->rope.base;
            settings.scaling = group->rope.scaling;
            settings.rotary_fraction = group->rope.rotary_fraction;
            settings.latent_dims = group->latent_dims;
            settings.span = group->span;
            settings.temperature_floor = group->temperature_floor;
            settings.temperature_scale = group->temperature_scale;
            return std::nullopt;
        }

        /// The toy head from the options themselves.
        Problem read_custom_attention(const OptionsReader& read, AttentionOptions& settings)
        {
            RopeOptions rope_settings;
            if (auto problem = read.name("scheme", settings.scheme)) return problem;
            if (auto problem = read.integers({{"dModel", settings.d_model},
                                              {"trainedLength", settings.trained_length},
                                              {"nHeads", settings.n_heads},
                                              {"latentDims", settings.latent_dims}}))
                return problem;
            if (auto problem = read_rope_options(read, rope_settings, false)) return problem;  // the toy head pairs interleaved
            settings.base = rope_settings.base;
            settings.scaling = rope_settings.scaling;
            settings.rotary_fraction = rope_settings.rotary_fraction;
            return read_attention_span(read, settings.span);
        }
    }

    val attention(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        const OptionsReader read(options);
        AttentionOptions settings;
        POSENC_CHECK(read.has("model") ? read_model_attention(read, settings) : read_custom_attention(read, settings));
        POSENC_CHECK(read.integers({{"queryPosition", settings.query_position}, {"head", settings.head}}));
        POSENC_CHECK(read.seed("seed", settings.seed));
        POSENC_CHECK(read.name("overflow", settings.overflow));
        POSENC_CHECK(read.verdict(check_attention(settings)));
        const auto keys = static_cast<std::size_t>(settings.query_position + 1);
        val logits = val::undefined(), weights = val::undefined();
        POSENC_CHECK(read.nested_output("logits", "Float64Array", keys, logits));
        POSENC_CHECK(read.nested_output("weights", "Float64Array", keys, weights));
        const auto row = attention_row(settings);
        copy_into<double>(logits, row.logits);
        copy_into<double>(weights, row.weights);
        val result = success();
        result.set("logits", logits);
        result.set("weights", weights);
        return result;
    }

    val offset_similarity(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        const OptionsReader read(options);
        OffsetSimilarityOptions settings;
        POSENC_CHECK(read.integers({{"p", settings.p}, {"maxOffset", settings.max_offset}, {"dModel", settings.d_model}}));
        POSENC_CHECK(read_rope_options(read, settings.rope, false));  // offsets run along one token index
        POSENC_CHECK(read.seed("seed", settings.seed));
        POSENC_CHECK(read.verdict(check_offset_similarity(settings)));
        const auto similarity = posenc::offset_similarity(settings);
        const std::pair<const char*, const std::vector<double>*> rows[] = {{"sinusoidalDot", &similarity.sinusoidal_dot},
                                                                           {"sinusoidalClosedForm", &similarity.sinusoidal_closed_form},
                                                                           {"ropeScore", &similarity.rope_score}};
        val arrays[] = {val::undefined(), val::undefined(), val::undefined()};
        for (std::size_t i = 0; i < std::size(rows); ++i)  // every buffer checked before any is written
            POSENC_CHECK(read.nested_output(rows[i].first, "Float64Array", rows[i].second->size(), arrays[i]));
        val result = success();
        for (std::size_t i = 0; i < std::size(rows); ++i)
        {
            copy_into<double>(arrays[i], *rows[i].second);
            result.set(rows[i].first, arrays[i]);
        }
        result.set("attentionFactor", similarity.attention_factor);
        return result;
    }
}
