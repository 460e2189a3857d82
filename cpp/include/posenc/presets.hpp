#pragma once
// The experiment's presets: one place for the sizes the page, the worker, the tests and the
// benchmarks use (the JS side reads them from the module, never copies them).
#include <cstdint>
#include <string>
#include <vector>

#include "experiment.hpp"

namespace posenc
{
    struct ExperimentPreset
    {
        std::string name;
        std::string description;
        TrainerOptions trainer;  // scheme and task are chosen per run
        std::int64_t steps = 0;
        EvaluationOptions evaluation;
    };

    inline std::vector<ExperimentPreset> experiment_presets()
    {
        ExperimentPreset quick;
        quick.name = "quick";
        quick.description = "L = 32, asked up to 256 (8L): every scheme and both tasks in seconds";
        quick.trainer.model = {Scheme::sinusoidal, 24, 32, 2, 1, 0, 32};
        quick.trainer.batch_size = 8;
        quick.trainer.queries_per_sequence = 0;
        quick.trainer.adam.learning_rate = 1e-2;
        quick.steps = 300;
        quick.evaluation = {
            .length = 256, .bucket_width = 8, .sequences = 8, .queries_per_bucket = 0, .overflow = Overflow::clamp, .seed = 7};

        ExperimentPreset story;
        story.name = "seedStory";
        story.description = "L = 2,048, asked up to 6,144 (around 5,000 too): the seed question, in minutes";
        story.trainer.model = {Scheme::sinusoidal, 24, 32, 2, 1, 0, 2048};
        story.trainer.batch_size = 4;
        story.trainer.queries_per_sequence = 32;  // asked rows per sequence; keys are all 2,048
        story.trainer.adam.learning_rate = 1e-2;
        story.trainer.warmup_steps = 300;  // sequences grow from 32 to 2,048 tokens first
        story.trainer.warmup_length = 32;
        story.steps = 400;
        story.evaluation = {
            .length = 6144, .bucket_width = 256, .sequences = 4, .queries_per_bucket = 8, .overflow = Overflow::clamp, .seed = 7};
        return {quick, story};
    }

    /// The options to train `scheme` on `task` under a preset, with `seed`.
    inline TrainerOptions preset_trainer(const ExperimentPreset& preset, Scheme scheme, Task task, std::uint64_t seed)
    {
        TrainerOptions options = preset.trainer;
        options.model.scheme = scheme;
        options.task.task = task;
        options.seed = seed;
        return options;
    }
}
