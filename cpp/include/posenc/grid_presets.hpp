#pragma once
// The presets of the two grid experiments, in one place for the page, the worker, the tests and
// the benchmarks (JS reads them from the module):
//   passkey: every scheme trained on the passkey task at L, then scored on a depth x length grid
//            (passkey_grid.hpp) from L/4 to 8L;
//   hybrid:  the two-layer toy on marked_value (tasks.hpp) with RoPE in every layer, the first
//            only, the last only (layer_positions.hpp), and with no position at all, scored per
//            bucket of positions up to 8L (experiment.hpp).
// RoPE's base is scaled with L as Llama 2 sets it for its context: base 10,000 at 4,096 tokens, so
// base = 10,000 L / 4,096. The slowest pairs then turn as far within L as Llama 2's do within
// 4,096, and past L they reach angles training never showed, as a real model's do; with base
// 10,000 at L = 32 nearly every pair would barely turn and nothing past L would be new.
#include <cstdint>
#include <string>
#include <vector>

#include "grid_experiment.hpp"
#include "passkey_grid.hpp"

namespace posenc
{
    /// One model a grid preset trains.
    struct GridRun
    {
        Scheme scheme;
        LayerPositions layer_positions = LayerPositions::every;
    };

    struct GridPreset
    {
        GridExperiment experiment;
        std::string name;  // 'quick' or 'larger', unique within an experiment
        std::string label;
        std::string description;
        TrainerOptions trainer;  // the task is the experiment's; scheme and layer positions per run
        std::vector<GridRun> runs;
        std::int64_t steps = 0;        // per run
        PasskeyGridOptions grid;       // passkey
        EvaluationOptions evaluation;  // hybrid
    };

    /// RoPE's base for a model trained at `trained_length`, scaled as Llama 2's (10,000 at 4,096).
    inline double llama2_scaled_base(std::int64_t trained_length) { return 10000.0 * static_cast<double>(trained_length) / 4096.0; }

    namespace detail
    {
        /// Depths 0, 0.1, .. 1 and lengths L/4, L/2, L, 2L, 4L, 8L.
        inline PasskeyGridOptions passkey_grid_for(std::int64_t trained, std::int64_t sequences)
        {
            PasskeyGridOptions grid;
            for (int i = 0; i <= 10; ++i) grid.depths.push_back(i / 10.0);
            grid.lengths = {trained / 4, trained / 2, trained, 2 * trained, 4 * trained, 8 * trained};
            grid.sequences = sequences;
            return grid;
        }

        inline GridPreset passkey_preset(std::string name, std::string label, std::string description, std::int64_t trained,
                                         std::int64_t steps, std::int64_t sequences)
        {
            GridPreset preset{GridExperiment::passkey, std::move(name), std::move(label), std::move(description), {}, {}, steps, {}, {}};
            preset.trainer.model = {Scheme::rope, 24, 32, 2, 1, 0, trained, llama2_scaled_base(trained)};
            preset.trainer.task.task = Task::passkey;
            preset.trainer.batch_size = 16;
            preset.trainer.adam.learning_rate = 1e-2;
            for (const auto& scheme : scheme_names) preset.runs.push_back({scheme.value});
            preset.grid = passkey_grid_for(trained, sequences);
            return preset;
        }

        inline GridPreset hybrid_preset(std::string name, std::string label, std::string description, std::int64_t trained,
                                        std::int64_t steps, std::int64_t sequences)
        {
            GridPreset preset{GridExperiment::hybrid, std::move(name), std::move(label), std::move(description), {}, {}, steps, {}, {}};
            preset.trainer.model = {Scheme::rope, 24, 32, 2, 2, 0, trained, llama2_scaled_base(trained)};
            preset.trainer.task.task = Task::marked_value;
            preset.trainer.task.offset = 4;
            preset.trainer.batch_size = 8;
            preset.trainer.adam.learning_rate = 1e-2;
            preset.runs = {{Scheme::rope, LayerPositions::every},
                           {Scheme::rope, LayerPositions::first},
                           {Scheme::rope, LayerPositions::last},
                           {Scheme::nope, LayerPositions::every}};
            preset.evaluation = {.length = 8 * trained,
                                 .bucket_width = trained / 2,
                                 .sequences = sequences,
                                 .queries_per_bucket = 4,
                                 .overflow = Overflow::clamp,
                                 .seed = 7};
            return preset;
        }
    }

    inline std::vector<GridPreset> grid_presets()
    {
        return {
            detail::passkey_preset("quick", "Quick (L = 32)", "L = 32, every scheme, passkey at 11 depths, lengths 8 to 256 (8L)", 32, 300,
                                   8),
            detail::passkey_preset("larger", "Larger (L = 128)", "L = 128, every scheme, passkey at 11 depths, lengths 32 to 1,024 (8L)",
                                   128, 600, 16),
            detail::hybrid_preset("quick", "Quick (L = 32)", "L = 32, two layers, four ways to place RoPE, asked up to 256 (8L)", 32, 300,
                                  8),
            detail::hybrid_preset("larger", "Larger (L = 64)", "L = 64, two layers, four ways to place RoPE, asked up to 512 (8L)", 64, 600,
                                  16),
        };
    }

    /// The options to train `run` under `preset`, with `seed`.
    inline TrainerOptions grid_trainer(const GridPreset& preset, const GridRun& run, std::uint64_t seed)
    {
        TrainerOptions options = preset.trainer;
        options.model.scheme = run.scheme;
        options.model.layer_positions = run.layer_positions;
        options.seed = seed;
        return options;
    }
}
