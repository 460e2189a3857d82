#include "option_readers.hpp"

namespace posenc::js
{
    Problem read_rope_options(const OptionsReader& read, RopeOptions& out)
    {
        if (auto problem = read.number("base", out.base)) return problem;
        if (auto problem = read.name("pairing", out.pairing)) return problem;
        return read_rope_scaling(read, out.scaling);
    }

    Problem read_rope_scaling(const OptionsReader& read, RopeScaling& out)
    {
        OptionsReader scaling;
        if (auto problem = read.nested("scaling", scaling)) return problem;
        if (auto problem = scaling.name("kind", out.kind)) return problem;
        const auto& entry = scaling_entry(out.kind);
        if (entry.reads_factor)
            if (auto problem = scaling.number("factor", out.factor)) return problem;
        if (entry.reads_trained_length)
            if (auto problem = scaling.integer("trainedLength", out.trained_length)) return problem;
        return std::nullopt;
    }

    Problem read_t5_options(const OptionsReader& read, T5BucketOptions& out)
    {
        if (auto problem = read.boolean("bidirectional", out.bidirectional)) return problem;
        if (auto problem = read.integer("numBuckets", out.num_buckets)) return problem;
        return read.integer("maxDistance", out.max_distance);
    }

    Problem read_model_settings(const OptionsReader& read, ModelConfig& model, TaskOptions& task)
    {
        if (auto problem = read.name("scheme", model.scheme)) return problem;
        if (auto problem = read.name("task", task.task)) return problem;
        if (auto problem = read.integers({{"trainedLength", model.trained_length},
                                          {"dModel", model.d_model},
                                          {"nHeads", model.n_heads},
                                          {"nLayers", model.n_layers},
                                          {"mlpHidden", model.mlp_hidden},
                                          {"offset", task.offset},
                                          {"symbols", task.symbols},
                                          {"passkeys", task.passkeys},
                                          {"markerSpacing", task.marker_spacing}}))
            return problem;
        if (auto problem = read.number("base", model.base)) return problem;
        if (auto problem = read.verdict(check_task(task))) return problem;
        model.vocabulary = task_vocabulary(task);
        return std::nullopt;
    }

    Problem read_evaluation_settings(const OptionsReader& read, EvaluationOptions& out)
    {
        if (auto problem = read.integers({{"length", out.length},
                                          {"bucketWidth", out.bucket_width},
                                          {"sequences", out.sequences},
                                          {"firstSequence", out.first_sequence},
                                          {"queriesPerBucket", out.queries_per_bucket}}))
            return problem;
        if (auto problem = read.name("overflow", out.overflow)) return problem;
        return read.seed("seed", out.seed);
    }
}
