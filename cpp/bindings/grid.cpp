// Adapters for the two grid experiments: their presets, and the passkey grid of a live trainer.
#include <cmath>
#include <string>
#include <vector>

#include "adapters.hpp"
#include "js_values.hpp"
#include "posenc/grid_presets.hpp"
#include "trainers.hpp"

namespace posenc::js
{
    namespace
    {
        val grid_options_value(const PasskeyGridOptions& options)
        {
            val out = val::object();
            out.set("depths", plain_array(options.depths));
            out.set("lengths", plain_array(options.lengths));
            out.set("sequences", static_cast<double>(options.sequences));
            out.set("seed", static_cast<double>(options.seed));
            return out;
        }

        /// options[key]: a list of at most `most` entries (checked before it is copied).
        Problem read_bounded_list(const OptionsReader& read, const char* key, std::int64_t most, std::vector<double>& out)
        {
            std::uint64_t length = 0;
            if (auto problem = read.list_length(key, length)) return problem;
            if (auto problem = check_integer(std::string(key) + ".length", static_cast<double>(length), 1, most)) return problem;
            return read.list(key, out);
        }

        /// { depths, lengths, sequences, firstSequence, overflow, seed }; lengths must be whole numbers.
        Problem read_grid_options(const OptionsReader& read, PasskeyGridOptions& out)
        {
            if (auto problem = read_bounded_list(read, "depths", limits::max_grid_depths, out.depths)) return problem;
            std::vector<double> lengths;
            if (auto problem = read_bounded_list(read, "lengths", limits::max_grid_lengths, lengths)) return problem;
            for (std::size_t j = 0; j < lengths.size(); ++j)
            {
                if (auto problem = check_integer("lengths[" + std::to_string(j) + "]", lengths[j], 2, limits::max_model_length))
                    return problem;
                out.lengths.push_back(static_cast<std::int64_t>(lengths[j]));
            }
            if (auto problem = read.integers({{"sequences", out.sequences}, {"firstSequence", out.first_sequence}})) return problem;
            if (auto problem = read.name("overflow", out.overflow)) return problem;
            return read.seed("seed", out.seed);
        }
    }

    val grid_presets()
    {
        val presets = val::array();
        for (const auto& preset : posenc::grid_presets())
        {
            val entry = preset_value(preset, [](const GridRun& run) {
                val item = val::object();
                item.set("scheme", std::string(name_of(run.scheme)));
                item.set("layerPositions", std::string(name_of(run.layer_positions)));
                return item;
            });
            entry.set("experiment", std::string(name_of(preset.experiment)));
            entry["trainer"].set("task", std::string(name_of(preset.trainer.task.task)));
            if (preset.experiment == GridExperiment::passkey) entry.set("grid", grid_options_value(preset.grid));
            else entry.set("evaluation", evaluation_value(preset.evaluation));
            presets.call<void>("push", entry);
        }
        val result = success();
        result.set("presets", presets);
        result.set("experiments", names<GridExperiment>());
        result.set("layerPositions", names<LayerPositions>());
        return result;
    }

    val passkey_grid(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        const OptionsReader read(options);
        std::int64_t id = 0;
        Trainer* trainer = nullptr;
        POSENC_CHECK(read_trainer(read, id, trainer));
        POSENC_CHECK(read.verdict(check_passkey_task(trainer->options().task)));
        PasskeyGridOptions settings;
        POSENC_CHECK(read_grid_options(read, settings));
        POSENC_CHECK(read.verdict(check_passkey_grid(trainer->options().model, settings)));
        const auto grid = posenc::passkey_grid(trainer->model(), trainer->options().task, settings);
        std::vector<std::int32_t> count(grid.count.begin(), grid.count.end());
        val result = success();
        result.set("step", static_cast<double>(trainer->steps()));
        result.set("trainedLength", static_cast<double>(trainer->options().model.trained_length));
        result.set("depths", float64_array(grid.depths));
        result.set("lengths", float64_array(std::vector<double>(grid.lengths.begin(), grid.lengths.end())));
        result.set("count", int32_array(count));
        result.set("accuracy", float64_array(grid.accuracy));
        result.set("confidence", float64_array(grid.confidence));
        return result;
    }
}
