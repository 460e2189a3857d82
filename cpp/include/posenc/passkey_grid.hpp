#pragma once
// The needle-in-a-haystack picture for the toy model: a model trained on the passkey task at L
// (tasks.hpp: the key at a random depth, the question at the last row) is asked on a grid of key
// depths x sequence lengths, inside and past L.
//
//   cell (i, j): sequences s = first .. first + count - 1 of length n_j, filler tokens from the
//   stream of (seed, s), the passkey at position round(depth_i (n_j - 2)) (passkey_position);
//   accuracy_ij = mean over s of [argmax_t p(t | row n_j - 1) == passkey],
//   confidence_ij = mean of max_t p(t | row n_j - 1).
//
// Each sequence s draws the same filler tokens in every cell, so within a column only the key's
// place changes. Results are row-major (depths x lengths).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "experiment.hpp"

namespace posenc
{
    struct PasskeyGridOptions
    {
        std::vector<double> depths;           // each 0 .. 1
        std::vector<std::int64_t> lengths;    // each 2 .. limits::max_model_length, ascending
        std::int64_t sequences = 8;           // per cell
        std::int64_t first_sequence = 0;      // sequences first .. first+sequences-1 of the seed's stream
        Overflow overflow = Overflow::clamp;  // learned past L: clamp, window, interpolate; error leaves cells empty
        std::uint64_t seed = 7;
    };

    struct PasskeyGrid
    {
        std::vector<double> depths;
        std::vector<std::int64_t> lengths;
        std::vector<std::int64_t> count;  // depths x lengths: sequences scored (0 where the scheme cannot run)
        std::vector<double> accuracy;     // depths x lengths, NaN where count is 0
        std::vector<double> confidence;   // depths x lengths, NaN where count is 0
    };

    /// Problem unless `options` can score a passkey model of shape `model`.
    inline Problem check_passkey_grid(const ModelConfig& model, const PasskeyGridOptions& options)
    {
        if (auto problem = check_integer("depths.length", static_cast<double>(options.depths.size()), 1, limits::max_grid_depths))
            return problem;
        for (std::size_t i = 0; i < options.depths.size(); ++i)
            if (!(options.depths[i] >= 0 && options.depths[i] <= 1))
                return range_problem("depths[" + std::to_string(i) + "]", "a number from 0 to 1", format_number(options.depths[i]));
        if (auto problem = check_integer("lengths.length", static_cast<double>(options.lengths.size()), 1, limits::max_grid_lengths))
            return problem;
        for (std::size_t j = 0; j < options.lengths.size(); ++j)
        {
            const std::int64_t low = j == 0 ? 2 : options.lengths[j - 1] + 1;
            const std::string name = "lengths[" + std::to_string(j) + "]";
            if (auto problem = check_integer(name, static_cast<double>(options.lengths[j]), low, limits::max_model_length))
                return range_problem(name,
                                     "an integer from " + std::to_string(low) + " to " + std::to_string(limits::max_model_length)
                                         + (j == 0 ? "" : " (lengths ascend)"),
                                     format_number(static_cast<double>(options.lengths[j])));
            const auto n = static_cast<std::uint64_t>(options.lengths[j]);
            if (attention_cells(model, n, n) > limits::max_model_attention_cells)
                return range_problem(name,
                                     "short enough for " + std::to_string(model.n_layers) + " layers (at most "
                                         + std::to_string(limits::max_model_attention_cells) + " attention weights per pass)",
                                     std::to_string(options.lengths[j]));
        }
        if (auto problem = check_integer("sequences", static_cast<double>(options.sequences), 1, limits::max_eval_sequences))
            return problem;
        return check_integer("firstSequence", static_cast<double>(options.first_sequence), 0, limits::max_first_sequence);
    }

    /// Problem unless `task` is the passkey task (the grid asks the last row for the key).
    inline Problem check_passkey_task(const TaskOptions& task)
    {
        if (task.task == Task::passkey) return std::nullopt;
        return range_problem("task", "'passkey' (the grid asks the last row for the key)", "'" + std::string(name_of(task.task)) + "'");
    }

    namespace detail
    {
        /// Scores one sequence of the grid into cell `cell` of the sums (count, correct, confidence).
        /// A learned table past L under 'window' reads the last L tokens only, as evaluate_model does.
        inline void score_passkey_sequence(const Model& model, std::vector<std::int32_t> tokens, std::int32_t answer, Overflow overflow,
                                           std::size_t cell, PasskeyGrid& sums)
        {
            const auto trained = static_cast<std::size_t>(model.config.trained_length);
            if (model.config.scheme == Scheme::learned && tokens.size() > trained && overflow == Overflow::window)
                tokens.erase(tokens.begin(), tokens.end() - static_cast<std::ptrdiff_t>(trained));
            const auto positions = positions_from(0, tokens.size());
            const std::size_t row = tokens.size() - 1;
            const ModelInput input{tokens, positions, std::span<const std::size_t>(&row, 1), overflow, static_cast<double>(tokens.size())};
            const auto pass = model_forward(model, input);
            const auto& p = pass.probabilities;
            const auto best = static_cast<std::int32_t>(std::max_element(p.begin(), p.end()) - p.begin());
            sums.count[cell] += 1;
            sums.accuracy[cell] += best == answer ? 1.0 : 0.0;
            sums.confidence[cell] += p[static_cast<std::size_t>(best)];
        }
    }

    /// Scores `model` (trained on `task`, the passkey task) on every depth x length cell of `options`.
    inline PasskeyGrid passkey_grid(const Model& model, const TaskOptions& task, const PasskeyGridOptions& options)
    {
        throw_if(check_passkey_task(task));
        throw_if(check_passkey_grid(model.config, options));
        const std::size_t depths = options.depths.size(), lengths = options.lengths.size(), cells = depths * lengths;
        PasskeyGrid grid{options.depths, options.lengths, std::vector<std::int64_t>(cells, 0), std::vector<double>(cells, 0.0),
                         std::vector<double>(cells, 0.0)};
        const auto trained = model.config.trained_length;
        for (std::size_t j = 0; j < lengths; ++j)
        {
            const auto n = static_cast<std::size_t>(options.lengths[j]);
            // A learned table under 'error' has no row past L: those cells stay empty.
            if (model.config.scheme == Scheme::learned && options.overflow == Overflow::error && options.lengths[j] > trained) continue;
            for (std::size_t i = 0; i < depths; ++i)
            {
                TaskOptions at = task;
                at.depth = options.depths[i];
                for (std::int64_t s = options.first_sequence; s < options.first_sequence + options.sequences; ++s)
                {
                    Random random(options.seed ^ (0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(s + 1)));
                    auto tokens = make_tokens(at, n, random);
                    const std::int32_t answer = tokens[passkey_position(options.depths[i], n)];
                    detail::score_passkey_sequence(model, std::move(tokens), answer, options.overflow, i * lengths + j, grid);
                }
            }
        }
        for (std::size_t c = 0; c < cells; ++c)
        {
            const auto n = static_cast<double>(grid.count[c]);
            grid.accuracy[c] = grid.count[c] == 0 ? std::nan("") : grid.accuracy[c] / n;
            grid.confidence[c] = grid.count[c] == 0 ? std::nan("") : grid.confidence[c] / n;
        }
        return grid;
    }
}
