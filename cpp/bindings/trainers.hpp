#pragma once
// The trainers a page holds by id (training.cpp owns them), for every adapter that reads one, and
// the option structs of the toy model as JS objects (the presets both training.cpp and grid.cpp list).
#include <cstdint>

#include "js_values.hpp"
#include "posenc/experiment.hpp"
#include "posenc/trainer_registry.hpp"

namespace posenc::js
{
    /// The one registry of live trainers.
    TrainerRegistry& trainer_registry();

    /// options.id must name a live trainer; `out` receives it.
    Problem read_trainer(const OptionsReader& read, std::int64_t& id, Trainer*& out);

    /// { scheme?, task?, trainedLength, dModel, ... windowBatch }: a preset's trainer options.
    val trainer_value(const TrainerOptions& options);

    /// { length, bucketWidth, sequences, firstSequence, queriesPerBucket, seed }.
    val evaluation_value(const EvaluationOptions& options);

    /// { name, label, description, trainer, runs: [run_value(run), ...], steps }: what every preset
    /// lists (experiment_presets, grid_presets); the caller adds what its kind of preset scores.
    template <typename Preset, typename RunValue>
    val preset_value(const Preset& preset, RunValue run_value)
    {
        val entry = val::object();
        entry.set("name", preset.name);
        entry.set("label", preset.label);
        entry.set("description", preset.description);
        entry.set("trainer", trainer_value(preset.trainer));
        val runs = val::array();
        for (const auto& run : preset.runs) runs.call<void>("push", run_value(run));
        entry.set("runs", runs);
        entry.set("steps", static_cast<double>(preset.steps));
        return entry;
    }
}
