// Adapters for the trainable toy model: presets, and trainers held in the core's registry by id
// so a worker can step one, report progress between calls and dispose it (no bound class to .delete()).
#include <string>
#include <vector>

#include "adapters.hpp"
#include "js_values.hpp"
#include "posenc/presets.hpp"
#include "posenc/trainer_registry.hpp"

namespace posenc::js
{
    namespace
    {
        TrainerRegistry& registry()
        {
            static TrainerRegistry trainers;
            return trainers;
        }

        Problem read_trainer(const val& options, std::int64_t& id, Trainer*& out)
        {
            if (auto problem = read_integer(options, "id", 1, limits::max_trainer_id, id)) return problem;
            return registry().find(id, out);
        }

        val score_value(const Score& score)
        {
            val out = val::object();
            out.set("count", static_cast<double>(score.count));
            out.set("accuracy", score.accuracy);
            out.set("confidence", score.confidence);
            return out;
        }

        val trainer_value(const TrainerOptions& options)
        {
            val out = val::object();
            out.set("trainedLength", static_cast<double>(options.model.trained_length));
            out.set("dModel", static_cast<double>(options.model.d_model));
            out.set("nHeads", static_cast<double>(options.model.n_heads));
            out.set("nLayers", static_cast<double>(options.model.n_layers));
            out.set("mlpHidden", static_cast<double>(options.model.mlp_hidden));
            out.set("base", options.model.base);
            out.set("offset", static_cast<double>(options.task.offset));
            out.set("symbols", static_cast<double>(options.task.symbols));
            out.set("passkeys", static_cast<double>(options.task.passkeys));
            out.set("batchSize", static_cast<double>(options.batch_size));
            out.set("queriesPerSequence", static_cast<double>(options.queries_per_sequence));
            out.set("learningRate", options.adam.learning_rate);
            out.set("warmupSteps", static_cast<double>(options.warmup_steps));
            out.set("warmupLength", static_cast<double>(options.warmup_length));
            return out;
        }

        val evaluation_value(const EvaluationOptions& options)
        {
            val out = val::object();
            out.set("length", static_cast<double>(options.length));
            out.set("bucketWidth", static_cast<double>(options.bucket_width));
            out.set("sequences", static_cast<double>(options.sequences));
            out.set("firstSequence", static_cast<double>(options.first_sequence));
            out.set("queriesPerBucket", static_cast<double>(options.queries_per_bucket));
            out.set("seed", static_cast<double>(options.seed));
            return out;
        }
    }

    val training_presets()
    {
        val presets = val::array();
        for (const auto& preset : experiment_presets())
        {
            val entry = val::object();
            entry.set("name", preset.name);
            entry.set("description", preset.description);
            entry.set("trainer", trainer_value(preset.trainer));
            entry.set("steps", static_cast<double>(preset.steps));
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
        TrainerOptions settings;
        POSENC_CHECK(read_name(options, "scheme", settings.model.scheme));
        POSENC_CHECK(read_name(options, "task", settings.task.task));
        std::int64_t seed = 0;
        POSENC_CHECK(read_integer(options, "seed", 0, limits::max_seed, seed));
        settings.seed = static_cast<std::uint64_t>(seed);
        POSENC_CHECK(read_integer(options, "trainedLength", 1, limits::max_model_length, settings.model.trained_length));
        POSENC_CHECK(read_integer(options, "dModel", 2, limits::max_model_d_model, settings.model.d_model));
        POSENC_CHECK(read_integer(options, "nHeads", 1, limits::max_model_heads, settings.model.n_heads));
        POSENC_CHECK(read_integer(options, "nLayers", 1, limits::max_model_layers, settings.model.n_layers));
        POSENC_CHECK(read_integer(options, "mlpHidden", 0, limits::max_model_mlp, settings.model.mlp_hidden));
        POSENC_CHECK(read_number(options, "base", settings.model.base));
        POSENC_CHECK(read_integer(options, "offset", 1, limits::max_task_offset, settings.task.offset));
        POSENC_CHECK(read_integer(options, "symbols", 2, limits::max_task_symbols, settings.task.symbols));
        POSENC_CHECK(read_integer(options, "passkeys", 2, limits::max_task_passkeys, settings.task.passkeys));
        POSENC_CHECK(read_integer(options, "batchSize", 1, limits::max_batch_size, settings.batch_size));
        POSENC_CHECK(read_integer(options, "queriesPerSequence", 0, limits::max_model_length, settings.queries_per_sequence));
        POSENC_CHECK(read_number(options, "learningRate", settings.adam.learning_rate));
        POSENC_CHECK(read_integer(options, "warmupSteps", 0, limits::max_warmup_steps, settings.warmup_steps));
        POSENC_CHECK(read_integer(options, "warmupLength", 0, limits::max_model_length, settings.warmup_length));
        settings.model.vocabulary = task_vocabulary(settings.task);
        POSENC_CHECK(registry().check_create(settings));
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
        std::int64_t id = 0, steps = 0;
        Trainer* trainer = nullptr;
        POSENC_CHECK(read_trainer(options, id, trainer));
        POSENC_CHECK(read_integer(options, "steps", 1, limits::max_steps_per_call, steps));
        POSENC_CHECK(check_steps(steps));
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
        std::int64_t id = 0;
        Trainer* trainer = nullptr;
        POSENC_CHECK(read_trainer(options, id, trainer));
        EvaluationOptions settings;
        POSENC_CHECK(read_integer(options, "length", 1, limits::max_model_length, settings.length));
        POSENC_CHECK(read_integer(options, "bucketWidth", 1, limits::max_model_length, settings.bucket_width));
        POSENC_CHECK(read_integer(options, "sequences", 1, limits::max_eval_sequences, settings.sequences));
        POSENC_CHECK(read_integer(options, "firstSequence", 0, limits::max_first_sequence, settings.first_sequence));
        POSENC_CHECK(read_integer(options, "queriesPerBucket", 0, limits::max_model_length, settings.queries_per_bucket));
        POSENC_CHECK(read_name(options, "overflow", settings.overflow));
        std::int64_t seed = 0;
        POSENC_CHECK(read_integer(options, "seed", 0, limits::max_seed, seed));
        settings.seed = static_cast<std::uint64_t>(seed);
        POSENC_CHECK(check_evaluation(trainer->options(), settings));
        const auto evaluation = trainer->evaluate(settings);

        const std::size_t count = evaluation.buckets.size();
        std::vector<std::int32_t> start(count), end(count), scored(count);
        std::vector<double> accuracy(count), confidence(count);
        std::vector<std::uint8_t> available(count);
        for (std::size_t b = 0; b < count; ++b)
        {
            const auto& bucket = evaluation.buckets[b];
            start[b] = static_cast<std::int32_t>(bucket.start);
            end[b] = static_cast<std::int32_t>(bucket.end);
            scored[b] = static_cast<std::int32_t>(bucket.score.count);
            accuracy[b] = bucket.score.accuracy;
            confidence[b] = bucket.score.confidence;
            available[b] = bucket.available;
        }
        val buckets = val::object();
        buckets.set("start", int32_array(start));
        buckets.set("end", int32_array(end));
        buckets.set("count", int32_array(scored));
        buckets.set("accuracy", float64_array(accuracy));
        buckets.set("confidence", float64_array(confidence));
        buckets.set("available", uint8_array(available));
        val result = success();
        result.set("step", static_cast<double>(trainer->steps()));
        result.set("trainedLength", static_cast<double>(trainer->options().model.trained_length));
        result.set("buckets", buckets);
        result.set("inDistribution", score_value(evaluation.in_distribution));
        result.set("beyond", score_value(evaluation.beyond));
        if (!evaluation.unavailable.empty()) result.set("unavailable", evaluation.unavailable);
        return result;
    }

    val trainer_dispose(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        std::int64_t id = 0;
        Trainer* trainer = nullptr;
        POSENC_CHECK(read_trainer(options, id, trainer));
        val result = success();
        result.set("live", static_cast<double>(registry().dispose(id)));
        return result;
    }
}
