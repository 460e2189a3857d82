#pragma once
// A trained model asked at one position p: the task's seeded sequence of p + 1 tokens (positions
// 0 .. p), one forward pass asking row p, and what the model did there: where each head of its
// last layer looked, where the answer sits, what it predicted and how sure it was.
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "experiment.hpp"

namespace posenc
{
    struct ProbeOptions
    {
        std::int64_t query_position = 0;      // p
        std::uint64_t seed = 1;               // the sequence's tokens
        Overflow overflow = Overflow::clamp;  // what a learned table hands over past L
    };

    struct Probe
    {
        std::size_t heads = 0, keys = 0;  // keys: p + 1
        std::vector<double> weights;      // heads x keys: the last layer's attention of row p (0 on keys a window dropped)
        std::size_t answer_position = 0;  // the key holding the answer
        std::int32_t answer = 0;          // the token the task asks for
        std::int32_t prediction = 0;      // the most probable token
        double confidence = 0;            // its probability
        double answer_probability = 0;    // the probability the model gives the answer
    };

    namespace detail
    {
        /// A learned table under 'window' at p >= L reads only the last L tokens.
        inline bool probe_reads_window(const Model& model, const ProbeOptions& options)
        {
            return model.config.scheme == Scheme::learned && options.overflow == Overflow::window
                   && options.query_position >= model.config.trained_length;
        }
    }

    /// Problem unless `model` can be asked at options.query_position on `task`: the task has an
    /// answer there, the learned table hands over a row (not under 'error' past L), and the pass's
    /// attention weights stay under the limit (earlier layers attend from every row).
    inline Problem check_probe(const Model& model, const TaskOptions& task, const ProbeOptions& options)
    {
        if (auto problem = check_task(task)) return problem;
        if (model.config.vocabulary < task_vocabulary(task))
            return range_problem("vocabulary", "at least symbols + passkeys = " + std::to_string(task_vocabulary(task)),
                                 std::to_string(model.config.vocabulary));
        // Below the first answerable row the task has no answer (copy_back at p < k: nothing k back).
        if (auto problem =
                check_integer("queryPosition", static_cast<double>(options.query_position), first_answerable(task), limits::max_position))
            return problem;
        const std::int64_t trained = model.config.trained_length;
        if (model.config.scheme == Scheme::learned && options.overflow == Overflow::error && options.query_position >= trained)
            return range_problem("queryPosition",
                                 "below trainedLength " + std::to_string(trained) + " with overflow 'error': the learned table has rows 0.."
                                     + std::to_string(trained - 1) + " and no row " + std::to_string(options.query_position) + " exists",
                                 std::to_string(options.query_position));
        const auto keys = static_cast<std::uint64_t>(detail::probe_reads_window(model, options) ? trained : options.query_position + 1);
        if (attention_cells(model.config, keys, keys) > limits::max_model_attention_cells)
            return range_problem("queryPosition",
                                 "small enough that a pass keeps at most " + std::to_string(limits::max_model_attention_cells)
                                     + " attention weights (a model of " + std::to_string(model.config.n_layers)
                                     + " layers attends from every row below the last)",
                                 std::to_string(options.query_position));
        return std::nullopt;
    }

    /// Asks `model` at row p of the task's sequence from options.seed. A learned table under
    /// 'window' at p >= L sees only the last L tokens, re-indexed 0 .. L-1, as the evaluation does.
    /// Throws std::invalid_argument for what check_probe refuses.
    inline Probe probe_model(const Model& model, const TaskOptions& task, const ProbeOptions& options)
    {
        throw_if(check_probe(model, task, options));
        const auto p = static_cast<std::size_t>(options.query_position);
        Random random(options.seed);
        const auto tokens = make_tokens(task, p + 1, random);
        const auto trained = static_cast<std::size_t>(model.config.trained_length);
        const bool window = detail::probe_reads_window(model, options);
        const std::size_t first_key = window ? p + 1 - trained : 0;  // the keys before it are dropped
        const auto seen = std::span<const std::int32_t>(tokens).subspan(first_key);
        const auto positions = detail::positions_from(0, seen.size());
        const std::size_t row = p - first_key;
        const ModelInput input{seen, positions, std::span<const std::size_t>(&row, 1), options.overflow, static_cast<double>(seen.size())};
        const auto pass = model_forward(model, input);

        Probe probe;
        probe.heads = static_cast<std::size_t>(model.config.n_heads);
        probe.keys = p + 1;
        probe.weights.assign(probe.heads * probe.keys, 0.0);
        const auto& top = pass.layers.back();  // one asked row: each head's block holds row + 1 weights
        for (std::size_t h = 0; h < probe.heads; ++h)
            std::copy_n(&top.weights[h * (row + 1)], row + 1, &probe.weights[h * probe.keys + first_key]);
        probe.answer_position = answer_position(task, tokens, p);
        probe.answer = tokens[probe.answer_position];
        const std::span<const double> probabilities(pass.probabilities);
        const auto best = std::max_element(probabilities.begin(), probabilities.end());
        probe.prediction = static_cast<std::int32_t>(best - probabilities.begin());
        probe.confidence = *best;
        probe.answer_probability = probabilities[static_cast<std::size_t>(probe.answer)];
        return probe;
    }
}
