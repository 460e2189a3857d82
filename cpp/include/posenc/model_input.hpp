#pragma once
// What the toy transformer's passes (model_passes.hpp) take and keep: one input sequence, checked
// against the model before any pass runs, and the activations the forward pass keeps for the backward.
#include <cstdint>
#include <vector>

#include "model.hpp"

namespace posenc
{
    /// One sequence for the model. Positions are what the scheme sees per token (usually 0..n-1);
    /// `overflow` and `sequence_length` say what the learned table hands over past its last row.
    struct ModelInput
    {
        std::span<const std::int32_t> tokens;
        std::span<const double> positions;
        std::span<const std::size_t> rows;
        Overflow overflow = Overflow::error;
        double sequence_length = 0;
    };

    /// What one layer computed, kept for the backward pass.
    struct LayerState
    {
        std::vector<std::size_t> rows;           // query rows of this layer
        std::size_t keys = 0;                    // keys 0 .. keys-1
        std::vector<double> q, k, v;             // q: rows x D (rotated for RoPE); k, v: keys x D
        std::vector<double> weights;             // per query i, head h: rows[i]+1 softmax weights
        std::vector<std::size_t> weight_offset;  // start of query i's block (H blocks follow)
        std::vector<double> context;             // rows x D: heads' weighted values, concatenated
        std::vector<double> mid;                 // rows x D: x + Wo context (input of the MLP)
        std::vector<double> hidden;              // rows x mlp: pre-activations
        std::vector<double> out;                 // rows x D
    };

    struct ModelPass
    {
        std::vector<double> x0;  // keys x D: embeddings plus additive positions
        std::vector<LayerState> layers;
        std::vector<double> probabilities;  // |R| x V, softmax of the logits
    };

    inline Problem check_model_input(const Model& model, const ModelInput& input)
    {
        const std::size_t n = input.tokens.size();
        if (auto problem = check_integer("tokens.length", static_cast<double>(n), 1, limits::max_model_tokens)) return problem;
        if (input.positions.size() != n)
            return range_problem("positions.length", "tokens.length " + std::to_string(n), std::to_string(input.positions.size()));
        if (auto problem = check_sequence_length(input.sequence_length)) return problem;
        for (std::size_t r = 0; r < n; ++r)
            if (input.tokens[r] < 0 || input.tokens[r] >= model.config.vocabulary)
                return range_problem("tokens[" + std::to_string(r) + "]",
                                     "a token below vocabulary " + std::to_string(model.config.vocabulary),
                                     std::to_string(input.tokens[r]));
        if (auto problem = check_positions(input.positions)) return problem;
        if (input.rows.empty()) return range_problem("rows.length", "at least 1", "0");
        for (std::size_t i = 0; i < input.rows.size(); ++i)
            if (input.rows[i] >= n || (i > 0 && input.rows[i] <= input.rows[i - 1]))
                return range_problem("rows[" + std::to_string(i) + "]", "ascending and below tokens.length", std::to_string(input.rows[i]));
        // Earlier layers attend from every row to every earlier row; the last from the asked rows.
        const std::uint64_t keys = input.rows.back() + 1;
        std::uint64_t asked_keys = 0;
        for (std::size_t row : input.rows) asked_keys += row + 1;
        const std::uint64_t cells = attention_cells(model.config, asked_keys, keys);
        if (cells > limits::max_model_attention_cells)
            return range_problem("attention weights (heads x query-key pairs)",
                                 "at most " + std::to_string(limits::max_model_attention_cells), std::to_string(cells));
        if (model.config.scheme == Scheme::learned)
            return check_learned_lookup(input.positions.first(keys), model.config.trained_length, input.overflow);
        return std::nullopt;
    }
}
