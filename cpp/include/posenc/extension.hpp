#pragma once
// Context extension of a trained RoPE toy model (issue 19, experiments 1 and 2):
//   scaling:  the model trained at L, asked up to a target T > L with each scaling kind, s = T / L;
//   finetune: the same model first trained a few more steps at length T with the scaling applied
//             (forward and backward), then asked the same way.
// The model asked after either keeps its trained length L, so "inside L" scores sequences of L
// tokens with the scaling applied (PI squeezes them too) and "past L" the positions L .. T-1.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "experiment.hpp"
#include "names.hpp"

namespace posenc
{
    enum class ExtensionExperiment
    {
        scaling,
        finetune
    };

    inline constexpr auto extension_experiment_names = std::to_array<Named<ExtensionExperiment>>({
        {"scaling", ExtensionExperiment::scaling, "Scaling at inference"},
        {"finetune", ExtensionExperiment::finetune, "Short fine-tune at the target length"},
    });
    constexpr const auto& names_of(ExtensionExperiment) { return extension_experiment_names; }

    /// The kinds both experiments compare, in the order the page lists them: every kind the engine
    /// sets from s and L alone (LongRoPE needs per-pair factors only a checkpoint gives).
    inline constexpr std::array<RopeScalingKind, 6> extension_kinds = {RopeScalingKind::none,    RopeScalingKind::pi,
                                                                       RopeScalingKind::ntk,     RopeScalingKind::yarn,
                                                                       RopeScalingKind::dynamic, RopeScalingKind::llama3};

    /// The names of extension_kinds, in their order: what a caller may ask for.
    inline constexpr auto extension_kind_names = [] {
        std::array<std::string_view, extension_kinds.size()> names{};
        for (std::size_t i = 0; i < names.size(); ++i) names[i] = name_of(extension_kinds[i]);
        return names;
    }();

    /// Problem unless `kind` is one of extension_kinds.
    inline Problem check_extension_kind(RopeScalingKind kind)
    {
        for (const auto k : extension_kinds)
            if (k == kind) return std::nullopt;
        return range_problem("kind", detail::allowed_names(extension_kind_names), "'" + std::string(name_of(kind)) + "'");
    }

    /// One size of one experiment. `steps` = 0 for scaling (nothing is trained).
    struct ExtensionPreset
    {
        ExtensionExperiment experiment;
        std::string name;   // quick | larger
        std::string label;  // for people
        std::string description;
        std::int64_t target_length = 0;  // T
        std::int64_t steps = 0;          // fine-tune Adam steps per kind
        std::int64_t batch_size = 0;     // fine-tune sequences of T tokens per step
        std::int64_t queries_per_sequence = 0;
        double learning_rate = 0;
        EvaluationOptions evaluation;  // length = T
    };

    /// The presets, for the shipped RoPE model (L = 2,048, 800 steps: 400 of short windows, 400 at L).
    /// Fine-tune budgets: quick 15 steps (about 2% of 800), larger 40 (5%); each step as the shipped
    /// model's full-length steps are, a few sequences with 64-128 asked rows, here T tokens long.
    inline std::vector<ExtensionPreset> extension_presets()
    {
        const EvaluationOptions quick_eval{
            .length = 16384, .bucket_width = 1024, .sequences = 2, .queries_per_bucket = 8, .overflow = Overflow::clamp, .seed = 7};
        const EvaluationOptions larger_eval{
            .length = 16384, .bucket_width = 1024, .sequences = 4, .queries_per_bucket = 16, .overflow = Overflow::clamp, .seed = 7};
        return {
            {ExtensionExperiment::scaling, "quick", "Quick", "2 sequences of 16,384 tokens, 8 questions per 1,024 positions", 16384, 0, 0,
             0, 0, quick_eval},
            {ExtensionExperiment::scaling, "larger", "Larger", "4 sequences of 16,384 tokens, 16 questions per 1,024 positions", 16384, 0,
             0, 0, 0, larger_eval},
            {ExtensionExperiment::finetune, "quick", "Quick",
             "15 fine-tune steps of 1 sequence of 16,384 tokens with 64 questions, then asked as the quick scaling run", 16384, 15, 1, 64,
             1e-3, quick_eval},
            {ExtensionExperiment::finetune, "larger", "Larger",
             "40 fine-tune steps of 2 sequences of 16,384 tokens with 64 questions, then asked as the larger scaling run", 16384, 40, 2, 64,
             1e-3, larger_eval},
        };
    }

    /// Problem unless `target` can extend a model trained at `trained`: trained < target <= the longest sequence.
    inline Problem check_target_length(std::int64_t trained, std::int64_t target)
    {
        return check_integer("targetLength", static_cast<double>(target), trained + 1, limits::max_model_length);
    }

    /// The scaling of `kind` that stretches L to T: factor s = T / L, original length L, every other
    /// field at HF's default (YaRN beta 32 and 1 with its attention factor 0.1 ln s + 1; llama3 1 and 4).
    inline RopeScaling extension_scaling(RopeScalingKind kind, std::int64_t trained, std::int64_t target)
    {
        RopeScaling scaling;
        scaling.kind = kind;
        scaling.factor = static_cast<double>(target) / static_cast<double>(trained);
        scaling.trained_length = trained;
        return scaling;
    }

    /// The model of `config` (trained at config.trained_length, scaling none) holding `parameters`,
    /// asked with `kind` stretched to `target`.
    inline Model scaled_model(const ModelConfig& config, std::span<const double> parameters, RopeScalingKind kind, std::int64_t target)
    {
        throw_if(check_extension_kind(kind));
        throw_if(check_target_length(config.trained_length, target));
        ModelConfig scaled = config;
        scaled.rope_scaling = extension_scaling(kind, config.trained_length, target);
        return model_with_parameters(scaled, parameters);
    }

    /// A fine-tune of the model of `config` with `kind`: sequences of T tokens (the model's training
    /// length becomes T), the scaling in every pass, the preset's batch, questions and learning rate, no
    /// window phase or warmup. Start the Trainer from the trained parameters.
    inline TrainerOptions finetune_options(const ModelConfig& config, const TaskOptions& task, RopeScalingKind kind,
                                           const ExtensionPreset& preset, std::uint64_t seed)
    {
        throw_if(check_extension_kind(kind));
        throw_if(check_target_length(config.trained_length, preset.target_length));
        TrainerOptions options;
        options.model = config;
        options.model.trained_length = preset.target_length;
        options.model.rope_scaling = extension_scaling(kind, config.trained_length, preset.target_length);
        options.task = task;
        options.seed = seed;
        options.batch_size = preset.batch_size;
        options.queries_per_sequence = preset.queries_per_sequence;
        options.adam.learning_rate = preset.learning_rate;
        return options;
    }

    /// What a fine-tune made, asked as the model it started from: trained length L again (so inside L
    /// means what it did before), the fine-tune's scaling kept.
    inline Model finetuned_model(const Trainer& trainer, std::int64_t trained_length)
    {
        ModelConfig config = trainer.model().config;
        config.trained_length = trained_length;
        return model_with_parameters(config, trainer.model().parameters);
    }
}
