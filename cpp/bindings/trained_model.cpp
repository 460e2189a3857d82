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
    val model_probe(val options)
    {
        const OptionsReader read(options);
        GivenModel given;
        POSENC_CHECK(read_given_model(options, read, given));
        ProbeOptions probe_options;
        POSENC_CHECK(read.integer("queryPosition", probe_options.query_position));
        POSENC_CHECK(read.seed("seed", probe_options.seed));
        POSENC_CHECK(read.name("overflow", probe_options.overflow));
        const Model model = model_with_parameters(given.config, given.parameters);
        POSENC_CHECK(read.verdict(check_probe(model, given.task, probe_options)));
        const Probe probe = probe_model(model, given.task, probe_options);
        val weights = val::undefined();
        POSENC_CHECK(read.output("out", "Float64Array", probe.weights.size(), weights));
        copy_into<double>(weights, probe.weights);
        val result = success();
        result.set("heads", static_cast<double>(probe.heads));
        result.set("keys", static_cast<double>(probe.keys));
        result.set("weights", weights);
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
        const OptionsReader read(options);
        GivenModel given;
        POSENC_CHECK(read_given_model(options, read, given));
        EvaluationOptions settings;
        POSENC_CHECK(read_evaluation_settings(read, settings));
        POSENC_CHECK(read.verdict(check_evaluation(given.config, settings)));
        POSENC_CHECK(read.verdict(check_bucket_task(given.task)));
        const Model model = model_with_parameters(given.config, given.parameters);
        return evaluation_result(evaluate_model(model, given.task, settings), given.config.trained_length);
    }
}
