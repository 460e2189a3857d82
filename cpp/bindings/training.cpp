// Adapters for the trainable toy model: presets, and trainers held in the core's registry by id
// so a worker can step one, report progress between calls and dispose it (no bound class to .delete()).
#include <string>
#include <vector>

#include "adapters.hpp"
#include "js_values.hpp"
#include "model_results.hpp"
#include "option_readers.hpp"
#include "posenc/presets.hpp"
#include "trainers.hpp"

namespace posenc::js
{
    namespace
    {
        TrainerRegistry& registry() { return trainer_registry(); }
    }

    val training_presets()
    {
        val presets = val::array();
        for (const auto& preset : experiment_presets())
        {
            val entry = preset_value(preset, [](const PresetRun& run) {
                val item = val::object();
                item.set("scheme", std::string(name_of(run.scheme)));
                item.set("task", std::string(name_of(run.task)));
                return item;
            });
            entry.set("evaluation", evaluation_value(preset.evaluation));
            presets.call<void>("push", entry);
        }
        val result = success();
        result.set("presets", presets);
        result.set("schemes", names<Scheme>());
        result.set("tasks", names<Task>());
        result.set("overflows", names<Overflow>());
        return result;
    }

    val trainer_create(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        const OptionsReader read(options);
        TrainerOptions settings;
        POSENC_CHECK(read_model_settings(read, settings.model, settings.task));
        POSENC_CHECK(read.seed("seed", settings.seed));
        POSENC_CHECK(read.integers({{"batchSize", settings.batch_size},
                                    {"queriesPerSequence", settings.queries_per_sequence},
                                    {"warmupSteps", settings.warmup_steps},
                                    {"warmupLength", settings.warmup_length},
                                    {"windowSteps", settings.window_steps},
                                    {"windowLength", settings.window_length},
                                    {"windowBatch", settings.window_batch}}));
        POSENC_CHECK(read.number("learningRate", settings.adam.learning_rate));
        POSENC_CHECK(read.verdict(registry().check_create(settings)));
        const std::int64_t id = registry().create(settings);
        Trainer* trainer = nullptr;
        POSENC_CHECK(registry().find(id, trainer));
        val result = success();
        result.set("id", static_cast<double>(id));
        result.set("parameters", static_cast<double>(trainer->model().parameters.size()));
        return result;
    }

    val trainer_step(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        const OptionsReader read(options);
        std::int64_t id = 0, steps = 0;
        Trainer* trainer = nullptr;
        POSENC_CHECK(read_trainer(read, id, trainer));
        POSENC_CHECK(read.integer("steps", steps));
        POSENC_CHECK(read.verdict(check_steps(steps)));
        const auto losses = train_steps(*trainer, steps);
        val result = success();
        result.set("step", static_cast<double>(trainer->steps()));
        result.set("loss", losses.back());
        result.set("losses", float64_array(losses));
        return result;
    }

    val trainer_evaluate(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        const OptionsReader read(options);
        std::int64_t id = 0;
        Trainer* trainer = nullptr;
        POSENC_CHECK(read_trainer(read, id, trainer));
        EvaluationOptions settings;
        POSENC_CHECK(read_evaluation_settings(read, settings));
        POSENC_CHECK(read.verdict(check_evaluation(trainer->options().model, settings)));
        POSENC_CHECK(read.verdict(check_bucket_task(trainer->options().task)));
        const auto evaluation = trainer->evaluate(settings);

        val result = evaluation_result(evaluation, trainer->options().model.trained_length);
        result.set("step", static_cast<double>(trainer->steps()));
        return result;
    }

    val trainer_parameters(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        std::int64_t id = 0;
        Trainer* trainer = nullptr;
        POSENC_CHECK(read_trainer(OptionsReader(options), id, trainer));
        const Model& model = trainer->model();
        val groups = val::array();
        for (const auto& group : model.layout.groups)
        {
            val item = val::object();
            item.set("name", group.name);
            item.set("offset", static_cast<double>(group.offset));
            item.set("rows", static_cast<double>(group.rows));
            item.set("cols", static_cast<double>(group.cols));
            groups.call<void>("push", item);
        }
        val result = success();
        result.set("step", static_cast<double>(trainer->steps()));
        result.set("parameters", float64_array(model.parameters));
        result.set("groups", groups);
        return result;
    }

    val trainer_dispose(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        std::int64_t id = 0;
        Trainer* trainer = nullptr;
        POSENC_CHECK(read_trainer(OptionsReader(options), id, trainer));
        val result = success();
        result.set("live", static_cast<double>(registry().dispose(id)));
        return result;
    }
}
