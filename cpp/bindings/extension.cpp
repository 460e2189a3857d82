// Adapters for context extension (issue 19, experiments 1 and 2): the presets, a given RoPE model
// asked to a target length with one scaling kind, and a fine-tune of it held as a trainer by id.
#include <string>
#include <vector>

#include "adapters.hpp"
#include "js_values.hpp"
#include "model_results.hpp"
#include "option_readers.hpp"
#include "posenc/extension.hpp"
#include "trainers.hpp"

namespace posenc::js
{
    namespace
    {
        /// options.kind, one of extension_kinds, into `out`.
        Problem read_extension_kind(const OptionsReader& read, RopeScalingKind& out)
        {
            std::size_t index = 0;
            if (auto problem = read.name_index("kind", extension_kind_names, index)) return problem;
            out = extension_kinds[index];
            return std::nullopt;
        }

        /// A given RoPE model (no scaling of its own), the kind and the target length it is stretched to.
        Problem read_extension(const val& options, const OptionsReader& read, GivenModel& model, RopeScalingKind& kind,
                               std::int64_t& target)
        {
            if (auto problem = read_given_model(options, read, model, false)) return problem;
            if (model.config.scheme != Scheme::rope)
                return range_problem("scheme", "'rope' (the scalings stretch RoPE's frequencies)",
                                     "'" + std::string(name_of(model.config.scheme)) + "'");
            if (auto problem = read_extension_kind(read, kind)) return problem;
            if (auto problem = read.integer("targetLength", target)) return problem;
            return read.verdict(check_target_length(model.config.trained_length, target));
        }
    }

    val extension_presets()
    {
        val presets = val::array();
        for (const auto& preset : posenc::extension_presets())
        {
            val entry = val::object();
            entry.set("experiment", std::string(name_of(preset.experiment)));
            entry.set("name", preset.name);
            entry.set("label", preset.label);
            entry.set("description", preset.description);
            entry.set("targetLength", static_cast<double>(preset.target_length));
            entry.set("steps", static_cast<double>(preset.steps));
            entry.set("batchSize", static_cast<double>(preset.batch_size));
            entry.set("queriesPerSequence", static_cast<double>(preset.queries_per_sequence));
            entry.set("learningRate", preset.learning_rate);
            entry.set("evaluation", evaluation_value(preset.evaluation));
            presets.call<void>("push", entry);
        }
        val kinds = val::array();
        for (const auto kind : extension_kinds)
        {
            val entry = val::object();
            entry.set("name", std::string(name_of(kind)));
            entry.set("label", std::string(scaling_entry(kind).label));
            kinds.call<void>("push", entry);
        }
        val result = success();
        result.set("presets", presets);
        result.set("kinds", kinds);
        result.set("experiments", named_entries<ExtensionExperiment>());
        return result;
    }

    val extension_evaluate(val options)
    {
        const OptionsReader read(options);
        GivenModel given;
        RopeScalingKind kind = RopeScalingKind::none;
        std::int64_t target = 0;
        POSENC_CHECK(read_extension(options, read, given, kind, target));
        EvaluationOptions settings;
        POSENC_CHECK(read_evaluation_settings(read, settings));
        POSENC_CHECK(read.verdict(check_evaluation(given.config, settings)));
        const Model model = scaled_model(given.config, given.parameters, kind, target);
        val result = evaluation_result(evaluate_model(model, given.task, settings), given.config.trained_length);
        result.set("factor", model.config.rope_scaling.factor);
        result.set("attentionFactor", rope_attention_factor(model.config.rope_scaling));
        return result;
    }

    val finetune_create(val options)
    {
        const OptionsReader read(options);
        GivenModel given;
        ExtensionPreset preset;
        RopeScalingKind kind = RopeScalingKind::none;
        std::uint64_t seed = 1;
        POSENC_CHECK(read_extension(options, read, given, kind, preset.target_length));
        POSENC_CHECK(read.seed("seed", seed));
        POSENC_CHECK(read.integers({{"batchSize", preset.batch_size}, {"queriesPerSequence", preset.queries_per_sequence}}));
        POSENC_CHECK(read.number("learningRate", preset.learning_rate));
        const TrainerOptions settings = finetune_options(given.config, given.task, kind, preset, seed);
        POSENC_CHECK(read.verdict(trainer_registry().check_create(settings)));
        const std::int64_t id = trainer_registry().create(settings, given.parameters);
        val result = success();
        result.set("id", static_cast<double>(id));
        result.set("factor", settings.model.rope_scaling.factor);
        return result;
    }
}
