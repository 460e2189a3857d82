#include "option_readers.hpp"

#include <string>
#include <vector>

namespace posenc::js
{
    namespace
    {
        /// A list of per-pair factors: its length is judged by the core (one per rotary pair), and
        /// lists no longer than the widest head are copied.
        Problem read_per_pair(const OptionsReader& scaling, const char* key, std::vector<double>& out)
        {
            std::uint64_t length = 0;
            if (auto problem = scaling.list_length(key, length)) return problem;
            if (length > static_cast<std::uint64_t>(limits::max_d_model))
                return range_problem(std::string("scaling.") + key + ".length", "at most " + std::to_string(limits::max_d_model),
                                     std::to_string(length));
            return scaling.list(key, out);
        }

        /// Reads one field of RopeScaling, by its table entry's JS name.
        Problem read_scaling_field(const OptionsReader& scaling, ScalingField field, RopeScaling& out)
        {
            const char* key = std::string_view(name_of(field)).data();  // the table's names are literals
            switch (field)
            {
            case ScalingField::factor: return scaling.number(key, out.factor);
            case ScalingField::trained_length: return scaling.integer(key, out.trained_length);
            case ScalingField::low_freq_factor: return scaling.number(key, out.low_freq_factor);
            case ScalingField::high_freq_factor: return scaling.number(key, out.high_freq_factor);
            case ScalingField::beta_fast: return scaling.number(key, out.beta_fast);
            case ScalingField::beta_slow: return scaling.number(key, out.beta_slow);
            case ScalingField::ramp: return scaling.name(key, out.ramp);
            case ScalingField::truncate: return scaling.boolean(key, out.truncate);
            case ScalingField::attention_factor: return scaling.optional_number(key, out.attention_factor);
            case ScalingField::mscale: return scaling.optional_number(key, out.mscale);
            case ScalingField::mscale_all_dim: return scaling.optional_number(key, out.mscale_all_dim);
            case ScalingField::short_factor: return read_per_pair(scaling, key, out.short_factor);
            case ScalingField::long_factor: return read_per_pair(scaling, key, out.long_factor);
            }
            return std::nullopt;
        }
    }

    Problem read_rope_scaling(const OptionsReader& read, RopeScaling& out)
    {
        OptionsReader scaling;
        if (auto problem = read.nested("scaling", scaling)) return problem;
        if (auto problem = scaling.name("kind", out.kind)) return problem;
        const auto& entry = scaling_entry(out.kind);
        for (const auto& field : scaling_field_names)
            if (reads(entry, field.value))
                if (auto problem = read_scaling_field(scaling, field.value, out)) return problem;
        return std::nullopt;
    }

    Problem read_rope_options(const OptionsReader& read, RopeOptions& out, bool multimodal)
    {
        if (auto problem = read.number("base", out.base)) return problem;
        if (auto problem = read.name("pairing", out.pairing)) return problem;
        if (auto problem = read.number("rotaryFraction", out.rotary_fraction)) return problem;
        if (multimodal)
            if (auto problem = read.name("rotaryAxes", out.axes)) return problem;
        if (out.axes == RopeAxes::mrope)
        {
            std::uint64_t length = 0;
            if (auto problem = read.list_length("mropeSection", length)) return problem;
            if (length != out.mrope_section.size())
                return range_problem("mropeSection.length", "3 (pairs turned by t, h and w)", std::to_string(length));
            std::vector<double> section;
            if (auto problem = read.list("mropeSection", section)) return problem;
            if (auto problem = check_mrope_section(section)) return problem;  // whole counts before they are stored as such
            for (std::size_t a = 0; a < section.size(); ++a) out.mrope_section[a] = static_cast<std::int64_t>(section[a]);
        }
        return read_rope_scaling(read, out.scaling);
    }

    Problem read_attention_span(const OptionsReader& read, AttentionSpan& out)
    {
        OptionsReader span;
        if (auto problem = read.nested("span", span)) return problem;
        if (auto problem = span.name("kind", out.kind)) return problem;
        if (out.kind == AttentionSpanKind::full) return std::nullopt;
        return span.integer("size", out.size);
    }

    Problem read_t5_options(const OptionsReader& read, T5BucketOptions& out)
    {
        if (auto problem = read.boolean("bidirectional", out.bidirectional)) return problem;
        if (auto problem = read.integer("numBuckets", out.num_buckets)) return problem;
        return read.integer("maxDistance", out.max_distance);
    }

    Problem read_model_settings(const OptionsReader& read, ModelConfig& model, TaskOptions& task)
    {
        if (auto problem = read.name("scheme", model.scheme)) return problem;
        if (auto problem = read.name("task", task.task)) return problem;
        if (auto problem = read.name("layerPositions", model.layer_positions)) return problem;
        if (auto problem = read.integers({{"trainedLength", model.trained_length},
                                          {"dModel", model.d_model},
                                          {"nHeads", model.n_heads},
                                          {"nLayers", model.n_layers},
                                          {"mlpHidden", model.mlp_hidden},
                                          {"offset", task.offset},
                                          {"symbols", task.symbols},
                                          {"passkeys", task.passkeys},
                                          {"markerSpacing", task.marker_spacing}}))
            return problem;
        if (auto problem = read.number("base", model.base)) return problem;
        if (auto problem = read.verdict(check_task(task))) return problem;
        model.vocabulary = task_vocabulary(task);
        return std::nullopt;
    }

    Problem read_evaluation_settings(const OptionsReader& read, EvaluationOptions& out)
    {
        if (auto problem = read.integers({{"length", out.length},
                                          {"bucketWidth", out.bucket_width},
                                          {"sequences", out.sequences},
                                          {"firstSequence", out.first_sequence},
                                          {"queriesPerBucket", out.queries_per_bucket}}))
            return problem;
        if (auto problem = read.name("overflow", out.overflow)) return problem;
        return read.seed("seed", out.seed);
    }

    Problem read_given_model(const val& options, const OptionsReader& read, GivenModel& out, bool scaling)
    {
        if (auto problem = require_object(options, "options")) return problem;
        if (auto problem = read_model_settings(read, out.config, out.task)) return problem;
        if (scaling && out.config.scheme == Scheme::rope)
            if (auto problem = read_rope_scaling(read, out.config.rope_scaling)) return problem;
        if (auto problem = read.verdict(check_model_config(out.config))) return problem;
        std::uint64_t length = 0;
        if (auto problem = read.list_length("parameters", length)) return problem;
        if (auto problem = check_parameter_count(out.config, length)) return problem;
        return read.list("parameters", out.parameters);
    }
}
