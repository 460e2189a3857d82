// Adapters for a toy model given by its parameters (the shipped weights, or a finished run's):
// ask it at one position, or score it per bucket of positions. Nothing is kept between calls.
#include <vector>

#include "adapters.hpp"
#include "js_values.hpp"
#include "model_results.hpp"
#include "option_readers.hpp"
#include "posenc/model_probe.hpp"

namespace posenc::js
{
    namespace
    {
        /// The model's shape and task (read_model_settings), then `parameters`: its length is checked
        /// against the shape's layout before anything is copied.
        Problem read_model(const OptionsReader& read, TaskOptions& task, std::vector<double>& parameters, ModelConfig& config)
        {
            if (auto problem = read_model_settings(read, config, task)) return problem;
            if (auto problem = read.verdict(check_model_config(config))) return problem;
            std::uint64_t length = 0;
            if (auto problem = read.list_length("parameters", length)) return problem;
            if (auto problem = check_parameter_count(config, length)) return problem;
            return read.list("parameters", parameters);
        }
    }

    val model_probe(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        const OptionsReader read(options);
        ModelConfig config;
        TaskOptions task;
        std::vector<double> parameters;
        POSENC_CHECK(read_model(read, task, parameters, config));
        ProbeOptions probe_options;
        POSENC_CHECK(read.integer("queryPosition", probe_options.query_position));
        POSENC_CHECK(read.seed("seed", probe_options.seed));
        POSENC_CHECK(read.name("overflow", probe_options.overflow));
        const Model model = model_with_parameters(config, parameters);
        POSENC_CHECK(read.verdict(check_probe(model, task, probe_options)));
        const Probe probe = probe_model(model, task, probe_options);
        val result = success();
        result.set("heads", static_cast<double>(probe.heads));
        result.set("keys", static_cast<double>(probe.keys));
        result.set("weights", float64_array(probe.weights));
        result.set("answerPosition", static_cast<double>(probe.answer_position));
        result.set("answer", probe.answer);
        result.set("prediction", probe.prediction);
        result.set("correct", probe.prediction == probe.answer);
        result.set("confidence", probe.confidence);
        result.set("answerProbability", probe.answer_probability);
        return result;
    }

    val model_evaluate(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        const OptionsReader read(options);
        ModelConfig config;
        TaskOptions task;
        std::vector<double> parameters;
        POSENC_CHECK(read_model(read, task, parameters, config));
        EvaluationOptions settings;
        POSENC_CHECK(read.integers({{"length", settings.length},
                                    {"bucketWidth", settings.bucket_width},
                                    {"sequences", settings.sequences},
                                    {"firstSequence", settings.first_sequence},
                                    {"queriesPerBucket", settings.queries_per_bucket}}));
        POSENC_CHECK(read.name("overflow", settings.overflow));
        POSENC_CHECK(read.seed("seed", settings.seed));
        POSENC_CHECK(read.verdict(check_evaluation(config, settings)));
        const Model model = model_with_parameters(config, parameters);
        return evaluation_result(evaluate_model(model, task, settings), config.trained_length);
    }
}
