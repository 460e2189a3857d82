#pragma once
// The experiment's presets: one place for the sizes the page, the worker, the tests and the
// benchmarks use (the JS side reads them from the module, never copies them).
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "experiment.hpp"

namespace posenc
{
    /// One model a preset trains: a scheme on a task.
    struct PresetRun
    {
        Scheme scheme;
        Task task;
    };

    struct ExperimentPreset
    {
        std::string name;
        std::string label;  // for people
        std::string description;
        TrainerOptions trainer;       // scheme and task are chosen per run
        std::vector<PresetRun> runs;  // in the order they train
        std::int64_t steps = 0;       // per run, the window phase included
        EvaluationOptions evaluation;
    };

    /// Every scheme on each of `tasks`, task by task, schemes in the order their table lists them.
    inline std::vector<PresetRun> every_scheme_on(std::initializer_list<Task> tasks)
    {
        std::vector<PresetRun> runs;
        for (Task task : tasks)
            for (const auto& scheme : scheme_names) runs.push_back({scheme.value, task});
        return runs;
    }

    inline std::vector<ExperimentPreset> experiment_presets()
    {
        ExperimentPreset quick;
        quick.name = "quick";
        quick.label = "Quick (L = 32)";
        quick.description = "L = 32, asked up to 256 (8L): every scheme and both tasks in seconds";
        quick.trainer.model = {Scheme::sinusoidal, 24, 32, 2, 1, 0, 32};
        quick.trainer.batch_size = 8;
        quick.trainer.queries_per_sequence = 0;
        quick.trainer.adam.learning_rate = 1e-2;
        quick.runs = every_scheme_on({Task::copy_back, Task::recall_first});
        quick.steps = 300;
        quick.evaluation = {
            .length = 256, .bucket_width = 8, .sequences = 8, .queries_per_bucket = 0, .overflow = Overflow::clamp, .seed = 7};

        ExperimentPreset story;
        story.name = "seedStory";
        story.label = "The seed question (L = 2,048)";
        story.description = "L = 2,048, asked up to 6,144 (around 5,000 too): the seed question, in minutes";
        story.trainer.model = {Scheme::sinusoidal, 24, 32, 2, 1, 0, 2048};
        story.trainer.batch_size = 4;
        story.trainer.queries_per_sequence = 32;  // asked rows per sequence; keys are all 2,048
        story.trainer.adam.learning_rate = 1e-2;
        story.trainer.warmup_steps = 300;  // sequences grow from 32 to 2,048 tokens first
        story.trainer.warmup_length = 32;
        story.runs = every_scheme_on({Task::copy_back, Task::recall_first});
        story.steps = 400;
        story.evaluation = {
            .length = 6144, .bucket_width = 256, .sequences = 4, .queries_per_bucket = 8, .overflow = Overflow::clamp, .seed = 7};

        // The position view's models. One recipe for every scheme: 400 steps of 64-token windows
        // placed anywhere below L (every row of a learned table trained), then 400 steps at L with
        // 128 asked rows per sequence. Each scheme learns a task it can express: the exact offset
        // of copy_back needs a position signal that can point at "3 back"; ALiBi's bias only
        // favours nearer keys, so it gets the latest marker; NoPE has no position signal, so it
        // recalls the first token by content.
        ExperimentPreset models;
        models.name = "positionModels";
        models.label = "Each scheme on a task it can learn (L = 2,048)";
        models.description =
            "L = 2,048, each scheme on a task it can express, asked up to 6,144: the models the position view asks at p, in minutes";
        models.trainer.model = {Scheme::sinusoidal, 24, 32, 2, 1, 0, 2048};
        models.trainer.batch_size = 4;
        models.trainer.queries_per_sequence = 128;
        models.trainer.adam.learning_rate = 1e-2;
        models.trainer.window_steps = 400;
        models.trainer.window_length = 64;
        models.trainer.window_batch = 32;
        models.runs = {{Scheme::learned, Task::copy_back}, {Scheme::sinusoidal, Task::copy_back}, {Scheme::rope, Task::copy_back},
                       {Scheme::alibi, Task::last_marker}, {Scheme::t5, Task::copy_back},         {Scheme::nope, Task::recall_first}};
        models.steps = 800;
        models.evaluation = {
            .length = 6144, .bucket_width = 256, .sequences = 8, .queries_per_bucket = 16, .overflow = Overflow::clamp, .seed = 7};
        return {quick, story, models};
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
