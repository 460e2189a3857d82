#pragma once
// Forward and backward passes of the toy transformer in model.hpp, by hand, in double.
// Shapes: n tokens, D = dModel, H heads of d_h = D/H, V tokens in the vocabulary, R the query
// rows (ascending) where predictions and the loss are taken. Activations are row-major
// std::vectors: the passes index them in inner loops and hand nothing lazy out.
// The input and kept activations are in model_input.hpp, the stages in model_stages.hpp.
#include <cstdint>
#include <span>

#include "model_input.hpp"
#include "model_stages.hpp"

namespace posenc
{
    /// The forward pass: embeddings, the layers, softmax over the vocabulary at input.rows.
    inline ModelPass model_forward(const Model& model, const ModelInput& input)
    {
        throw_if(check_model_input(model, input));
        const detail::ModelStages stages(model, input);
        ModelPass pass;
        pass.x0 = stages.embed();
        const double* x = pass.x0.data();
        for (std::size_t l = 0; l < stages.layers(); ++l)
        {
            LayerState& state = pass.layers.emplace_back();
            stages.project(l, x, state);
            stages.attend(l, state);
            stages.mix(l, x, state);
            stages.feed_forward(l, state);
            x = state.out.data();
        }
        pass.probabilities = stages.unembed(pass.layers.back());
        return pass;
    }

    /// Mean cross-entropy -log p(target_i) over the query rows.
    inline double model_loss(const Model& model, const ModelPass& pass, std::span<const std::int32_t> targets)
    {
        const auto vocabulary = static_cast<std::size_t>(model.config.vocabulary);
        double loss = 0;
        for (std::size_t i = 0; i < targets.size(); ++i)
            loss -= std::log(std::max(pass.probabilities[i * vocabulary + static_cast<std::size_t>(targets[i])], 1e-300));
        return loss / static_cast<double>(targets.size());
    }

    /// Adds weight x d(mean cross-entropy)/d(parameters) to `gradient` (layout of model.parameters).
    inline void model_backward(const Model& model, const ModelInput& input, const ModelPass& pass, std::span<const std::int32_t> targets,
                               double weight, std::vector<double>& gradient)
    {
        const detail::ModelStages stages(model, input);
        auto d_out = stages.unembed_backward(pass, targets, weight, gradient);
        for (std::size_t l = stages.layers(); l-- > 0;)
        {
            const LayerState& state = pass.layers[l];
            const double* x = l == 0 ? pass.x0.data() : pass.layers[l - 1].out.data();
            const auto d_mid = stages.feed_forward_backward(l, state, d_out, gradient);
            std::vector<double> d_x(state.keys * static_cast<std::size_t>(model.config.d_model), 0.0);
            const auto d_context = stages.mix_backward(l, state, d_mid, gradient, d_x);
            auto attention = stages.attend_backward(l, state, d_context, gradient);
            stages.project_backward(l, x, state, attention, gradient, d_x);
            d_out = std::move(d_x);  // the layer below produced every row 0 .. keys-1
        }
        stages.embed_backward(d_out, gradient);
    }
}
