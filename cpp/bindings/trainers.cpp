// The trainers a page holds by id, and the toy model's option structs as JS objects.
#include "trainers.hpp"

#include <string>

namespace posenc::js
{
    TrainerRegistry& trainer_registry()
    {
        static TrainerRegistry trainers;
        return trainers;
    }

    Problem read_trainer(const OptionsReader& read, std::int64_t& id, Trainer*& out)
    {
        if (auto problem = read.integer("id", id)) return problem;
        return read.verdict(trainer_registry().find(id, out));
    }

    val trainer_value(const TrainerOptions& options)
    {
        val out = val::object();
        out.set("layerPositions", std::string(name_of(options.model.layer_positions)));
        out.set("trainedLength", static_cast<double>(options.model.trained_length));
        out.set("dModel", static_cast<double>(options.model.d_model));
        out.set("nHeads", static_cast<double>(options.model.n_heads));
        out.set("nLayers", static_cast<double>(options.model.n_layers));
        out.set("mlpHidden", static_cast<double>(options.model.mlp_hidden));
        out.set("base", options.model.base);
        out.set("offset", static_cast<double>(options.task.offset));
        out.set("symbols", static_cast<double>(options.task.symbols));
        out.set("passkeys", static_cast<double>(options.task.passkeys));
        out.set("markerSpacing", static_cast<double>(options.task.marker_spacing));
        out.set("batchSize", static_cast<double>(options.batch_size));
        out.set("queriesPerSequence", static_cast<double>(options.queries_per_sequence));
        out.set("learningRate", options.adam.learning_rate);
        out.set("warmupSteps", static_cast<double>(options.warmup_steps));
        out.set("warmupLength", static_cast<double>(options.warmup_length));
        out.set("windowSteps", static_cast<double>(options.window_steps));
        out.set("windowLength", static_cast<double>(options.window_length));
        out.set("windowBatch", static_cast<double>(options.window_batch));
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
