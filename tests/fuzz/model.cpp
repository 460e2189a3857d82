// A tiny model: Trainer (make_model inside), a couple of steps, then an evaluation; or one
// model_forward (+ loss and backward on valid targets) on a fuzzed sequence; or a model loaded
// from parameters (model_with_parameters) asked at a fuzzed position (probe_model).
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include <posenc/model_probe.hpp>

#include "fuzz_input.hpp"
#include "fuzz_rope.hpp"

using namespace posenc;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    posenc_fuzz::Input in(data, size);
    // Bounded reads only (no raw int64): a valid model is always tiny, so one input stays fast.
    TrainerOptions options;
    options.model.scheme = in.choice<Scheme>(6);
    options.model.vocabulary = in.in(-1, 40);
    options.model.d_model = in.in(-1, 16);
    options.model.n_heads = in.in(0, 5);
    options.model.n_layers = in.in(0, 3);
    options.model.mlp_hidden = in.in(-1, 9);
    options.model.trained_length = in.in(-1, 20);
    options.model.base = in.real(0.5, 1e5);
    options.model.t5.bidirectional = (in.byte() & 7) == 0;
    options.model.t5.num_buckets = in.in(0, 40);
    options.model.t5.max_distance = in.in(-1, 200);
    options.task.task = in.choice<Task>(3);
    options.task.offset = in.in(0, 8);
    options.task.symbols = in.in(1, 20);
    options.task.passkeys = in.in(1, 20);
    options.seed = in.bits64();
    options.batch_size = in.in(0, 3);
    options.queries_per_sequence = in.in(-1, 21);
    options.warmup_steps = in.in(-1, 3);
    options.warmup_length = in.in(-1, 21);
    options.task.marker_spacing = in.in(-1, 70);
    options.window_steps = in.in(-1, 3);
    options.window_length = in.in(-1, 21);
    options.window_batch = in.in(-1, 3);
    options.adam.learning_rate = in.real(0, 1.1);
    const auto steps = in.in(1, 2);
    EvaluationOptions evaluation;
    evaluation.length = in.in(options.model.trained_length - 1, 2 * options.model.trained_length + 1);
    evaluation.bucket_width = in.in(0, 9);
    evaluation.sequences = in.in(0, 2);
    evaluation.first_sequence = in.in(-1, 3);
    evaluation.queries_per_bucket = in.in(-1, 3);
    evaluation.overflow = in.choice<Overflow>(5);
    evaluation.seed = in.bits64();
    if (in.flag())
    {
        // A model from parameters (sometimes one too few, sometimes a non-finite one) asked at p.
        try
        {
            auto parameters = make_model(options.model, options.seed).parameters;
            if (in.flag() && !parameters.empty()) parameters.pop_back();
            if (in.flag() && !parameters.empty())
                parameters[static_cast<std::size_t>(in.in(0, 1 << 20)) % parameters.size()] = in.real(-1e308, 1e308) * 1e10;
            auto config = options.model;                     // a RoPE model may be asked with a scaling it never trained with
            config.rope_scaling = posenc_fuzz::scaling(in);  // every kind and field
            const auto model = model_with_parameters(config, parameters);
            const ProbeOptions probe{in.in(-2, 70), in.bits64(), in.choice<Overflow>(5)};
            const auto result = probe_model(model, options.task, probe);
            if (result.weights.size() != result.heads * result.keys || result.answer_position >= result.keys) std::abort();
        }
        catch (const std::invalid_argument&)
        {
        }
        return 0;
    }
    if (in.flag())
    {
        // One pass on a fuzzed sequence: tokens, positions, asked rows, overflow, sequence length.
        const std::size_t n = static_cast<std::size_t>(in.in(0, 24));
        std::vector<std::int32_t> tokens(n);
        for (auto& t : tokens) t = static_cast<std::int32_t>(in.in(-1, options.model.vocabulary));
        auto positions = in.positions(n, limits::max_position);
        if (in.flag()) positions.resize(n, 0.0);
        std::vector<std::size_t> rows;
        for (std::size_t r = 0; r < n + 1; ++r)
            if (in.flag()) rows.push_back(r);  // ascending; r == n is past the end (refused)
        if (in.flag() && rows.size() > 1) std::swap(rows.front(), rows.back());
        const ModelInput input{tokens, positions, rows, in.choice<Overflow>(5), in.real(-2, 70000)};
        try
        {
            const auto model = make_model(options.model, options.seed);
            const auto pass = model_forward(model, input);
            std::vector<std::int32_t> targets(rows.size());
            for (auto& t : targets) t = static_cast<std::int32_t>(in.in(0, options.model.vocabulary - 1));
            if (std::isnan(model_loss(model, pass, targets))) std::abort();
            std::vector<double> gradient(model.parameters.size());
            model_backward(model, input, pass, targets, 1.0, gradient);
        }
        catch (const std::invalid_argument&)
        {
        }
        return 0;
    }
    try
    {
        Trainer trainer(options);
        for (std::int64_t s = 0; s < steps; ++s)
            if (std::isnan(trainer.step())) std::abort();
        if (trainer.steps() != steps) std::abort();
        const auto result = trainer.evaluate(evaluation);
        if (result.buckets.empty()) std::abort();
    }
    catch (const std::invalid_argument&)
    {
    }
    return 0;
}
