#pragma once
// A small causal transformer whose position scheme is pluggable, with forward and backward by
// hand in double. Its shape and parameters; the passes live in model_passes.hpp.
//
//   x_r   = E[token_r] + a_r          a_r: sinusoidal PE(p_r) or learned row (overflow policy), else 0
//   per layer, for query rows R (every row in earlier layers, the asked rows in the last):
//     q_r = Wq x_r, k_j = Wk x_j, v_j = Wv x_j  (RoPE: q, k rotated by p_r, p_j per head)
//     s_rj = q_r,h . k_j,h / sqrt(d_head) + b_h(p_r - p_j),  j <= r
//            (a layer that layer_positions leaves without the scheme: no rotation, b = 0)
//            b = -m_h (p_r - p_j) for ALiBi, a learned scalar per T5 bucket and head for t5
//     m_r = x_r + Wo [softmax_j(s_rj) v_j,h]_h,   y_r = m_r + W2 relu(W1 m_r + c1) + c2  (MLP optional)
//   logits_r = U y_r + u
//
// One layer is the default: a single attention hop can copy from an exact offset (when the
// scheme can express offsets) and recall a distinct token by content, and it lets the last
// layer compute only the asked rows, which keeps training at L = 2,048 affordable. A second
// layer attends over every row (quadratic) and is there for comparison at small L.
// No LayerNorm: with one or two layers and Adam the residual stream stays tame, and every
// term the gradient check covers is one a learner can read off the formula above.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "alibi.hpp"
#include "arguments.hpp"
#include "layer_positions.hpp"
#include "learned.hpp"
#include "random.hpp"
#include "rope.hpp"
#include "scheme.hpp"
#include "t5_bias.hpp"

namespace posenc
{
    struct ModelConfig
    {
        Scheme scheme = Scheme::sinusoidal;
        std::int64_t vocabulary = 24;
        std::int64_t d_model = 32;
        std::int64_t n_heads = 2;
        std::int64_t n_layers = 1;
        std::int64_t mlp_hidden = 0;         // 0: no MLP
        std::int64_t trained_length = 32;    // L: the learned table has rows 0 .. L-1
        double base = 10000.0;               // sinusoidal and RoPE
        T5BucketOptions t5{false, 32, 128};  // causal: every future key would share bucket 0
        // RoPE: a scaling of its frequencies (and for YaRN its scores times the attention factor
        // squared), in the forward and the backward pass. A kind that follows the sequence's length
        // (dynamic NTK) computes them per input from its length (model_passes.hpp), others once.
        RopeScaling rope_scaling{};
        // Which layers carry the scheme (layer_positions.hpp); the others attend by content alone.
        LayerPositions layer_positions = LayerPositions::every;
    };

    /// Whether layer `layer` of a model of `config` applies its scheme (rotation or score bias).
    inline bool layer_is_positioned(const ModelConfig& config, std::int64_t layer)
    {
        return layer_is_positioned(config.layer_positions, layer, config.n_layers);
    }

    inline Problem check_model_config(const ModelConfig& config)
    {
        if (auto problem = check_integer("vocabulary", static_cast<double>(config.vocabulary), 2, limits::max_model_vocabulary))
            return problem;
        if (auto problem = check_integer("dModel", static_cast<double>(config.d_model), 2, limits::max_model_d_model)) return problem;
        if (auto problem = check_integer("nHeads", static_cast<double>(config.n_heads), 1, limits::max_model_heads)) return problem;
        if (config.d_model % config.n_heads != 0)
            return range_problem("dModel", "a multiple of nHeads " + std::to_string(config.n_heads), std::to_string(config.d_model));
        if (config.scheme == Scheme::rope && (config.d_model / config.n_heads) % 2 != 0)
            return range_problem("dModel", "such that dModel / nHeads is even (RoPE rotates pairs)", std::to_string(config.d_model));
        if (auto problem = check_integer("nLayers", static_cast<double>(config.n_layers), 1, limits::max_model_layers)) return problem;
        if (auto problem = check_integer("mlpHidden", static_cast<double>(config.mlp_hidden), 0, limits::max_model_mlp)) return problem;
        if (auto problem = check_integer("trainedLength", static_cast<double>(config.trained_length), 1, limits::max_model_length))
            return problem;
        if (!(std::isfinite(config.base) && config.base > 1.0))
            return range_problem("base", "a finite number greater than 1", format_number(config.base));
        if (config.scheme == Scheme::rope && config.rope_scaling.kind != RopeScalingKind::none)
        {
            if (auto problem =
                    check_rope_options(config.d_model / config.n_heads, {config.base, RopePairing::interleaved, config.rope_scaling}))
                return problem;
        }
        if (auto problem = check_layer_positions(config.layer_positions, config.scheme)) return problem;
        if (config.t5.bidirectional) return range_problem("t5.bidirectional", "false: the model is causal", "true");
        return check_t5_bucket_options(config.t5);
    }

    /// Attention weights one pass keeps for its backward pass, what limits::max_model_attention_cells
    /// bounds: per head, the keys the last layer's asked rows see in all (`asked_keys`: row r sees
    /// r + 1), and for each earlier layer every row of the `keys` rows, keys (keys + 1) / 2.
    inline std::uint64_t attention_cells(const ModelConfig& config, std::uint64_t asked_keys, std::uint64_t keys)
    {
        const auto earlier_layers = static_cast<std::uint64_t>(config.n_layers - 1);
        return static_cast<std::uint64_t>(config.n_heads) * (asked_keys + earlier_layers * keys * (keys + 1) / 2);
    }

    /// One named block of parameters, rows x cols, at `offset` in the flat parameter vector.
    struct ParameterGroup
    {
        std::string name;
        std::size_t offset = 0, rows = 0, cols = 0;
        std::size_t size() const { return rows * cols; }
    };

    /// Group indices of one layer; `none` when the layer has no such group.
    struct LayerGroups
    {
        static constexpr std::size_t none = static_cast<std::size_t>(-1);
        std::size_t query = none, key = none, value = none, output = none, t5_bias = none;
        std::size_t mlp_in = none, mlp_in_bias = none, mlp_out = none, mlp_out_bias = none;
    };

    /// Where every parameter lives. One flat vector lets Adam and the gradient check walk all
    /// parameters the same way; matrices are row-major (out, in), applied as y = W x.
    struct ModelLayout
    {
        std::vector<ParameterGroup> groups;
        std::size_t token_embedding = LayerGroups::none, position_table = LayerGroups::none;
        std::size_t unembedding = LayerGroups::none, unembedding_bias = LayerGroups::none;
        std::vector<LayerGroups> layers;
        std::size_t total = 0;

        std::size_t add(const std::string& name, std::size_t rows, std::size_t cols)
        {
            groups.push_back({name, total, rows, cols});
            total += rows * cols;
            return groups.size() - 1;
        }
    };

    inline ModelLayout model_layout(const ModelConfig& config)
    {
        const auto d = static_cast<std::size_t>(config.d_model);
        const auto hidden = static_cast<std::size_t>(config.mlp_hidden);
        ModelLayout layout;
        layout.token_embedding = layout.add("tokenEmbedding", static_cast<std::size_t>(config.vocabulary), d);
        if (config.scheme == Scheme::learned)
            layout.position_table = layout.add("positionTable", static_cast<std::size_t>(config.trained_length), d);
        for (std::int64_t l = 0; l < config.n_layers; ++l)
        {
            const std::string prefix = "layer" + std::to_string(l) + ".";
            LayerGroups groups;
            groups.query = layout.add(prefix + "query", d, d);
            groups.key = layout.add(prefix + "key", d, d);
            groups.value = layout.add(prefix + "value", d, d);
            groups.output = layout.add(prefix + "output", d, d);
            if (config.scheme == Scheme::t5 && layer_is_positioned(config, l))
                groups.t5_bias = layout.add(prefix + "t5Bias", static_cast<std::size_t>(config.n_heads),
                                            static_cast<std::size_t>(config.t5.num_buckets));
            if (hidden > 0)
            {
                groups.mlp_in = layout.add(prefix + "mlpIn", hidden, d);
                groups.mlp_in_bias = layout.add(prefix + "mlpInBias", 1, hidden);
                groups.mlp_out = layout.add(prefix + "mlpOut", d, hidden);
                groups.mlp_out_bias = layout.add(prefix + "mlpOutBias", 1, d);
            }
            layout.layers.push_back(groups);
        }
        layout.unembedding = layout.add("unembedding", static_cast<std::size_t>(config.vocabulary), d);
        layout.unembedding_bias = layout.add("unembeddingBias", 1, static_cast<std::size_t>(config.vocabulary));
        return layout;
    }

    /// The model: its configuration, layout, parameters and the constants its scheme needs.
    struct Model
    {
        ModelConfig config;
        ModelLayout layout;
        std::vector<double> parameters;
        std::vector<double> slopes;  // ALiBi, one per head
        std::vector<double> theta;   // RoPE, one per pair of a head

        double* group(std::size_t index) { return parameters.data() + layout.groups[index].offset; }
        const double* group(std::size_t index) const { return parameters.data() + layout.groups[index].offset; }
    };

    /// The constants a scheme needs beside the parameters: ALiBi's slopes, RoPE's frequencies.
    inline void add_scheme_constants(Model& model)
    {
        const auto& config = model.config;
        if (config.scheme == Scheme::alibi) model.slopes = alibi_slopes(config.n_heads);
        if (config.scheme == Scheme::rope)
            model.theta = rope_frequencies(config.d_model / config.n_heads, {config.base, RopePairing::interleaved, config.rope_scaling});
    }

    /// A fresh model from `seed`: token embeddings N(0, 1) (the scale of a sinusoidal entry),
    /// the learned table as learned_table() makes it (N(0, 0.02^2), GPT-2), square projections
    /// N(0, 1/fan_in), biases and T5 bucket biases 0.
    inline Model make_model(const ModelConfig& config, std::uint64_t seed)
    {
        throw_if(check_model_config(config));
        Model model{config, model_layout(config), {}, {}, {}};
        model.parameters.assign(model.layout.total, 0.0);
        Random random(seed);
        for (const auto& g : model.layout.groups)
        {
            const bool bias = g.name.ends_with("Bias");
            const double scale = g.name == "tokenEmbedding" ? 1.0 : 1.0 / std::sqrt(static_cast<double>(g.cols));
            if (bias || g.name == "positionTable") continue;
            for (std::size_t i = 0; i < g.size(); ++i) model.parameters[g.offset + i] = scale * random.normal();
        }
        if (model.layout.position_table != LayerGroups::none)
        {
            const auto table = learned_table({config.trained_length, config.d_model, seed ^ 0x5eedull});
            std::copy(table.begin(), table.end(), model.group(model.layout.position_table));
        }
        add_scheme_constants(model);
        return model;
    }

    /// Problem unless `count` parameters fill the layout of `config` (checked before they are copied).
    inline Problem check_parameter_count(const ModelConfig& config, std::uint64_t count)
    {
        if (auto problem = check_model_config(config)) return problem;
        const std::size_t expected = model_layout(config).total;
        if (count == expected) return std::nullopt;
        return range_problem("parameters.length", std::to_string(expected) + ", the parameters of this scheme and shape",
                             std::to_string(count));
    }

    /// Problem unless `parameters` fill the layout of `config` (model_layout) with finite numbers.
    inline Problem check_model_parameters(const ModelConfig& config, std::span<const double> parameters)
    {
        if (auto problem = check_parameter_count(config, parameters.size())) return problem;
        for (std::size_t i = 0; i < parameters.size(); ++i)
            if (!std::isfinite(parameters[i]))
                return range_problem("parameters[" + std::to_string(i) + "]", "a finite number", format_number(parameters[i]));
        return std::nullopt;
    }

    /// A model of `config` holding `parameters`, e.g. a trained model's (Model::parameters).
    inline Model model_with_parameters(const ModelConfig& config, std::span<const double> parameters)
    {
        throw_if(check_model_parameters(config, parameters));
        Model model{config, model_layout(config), std::vector<double>(parameters.begin(), parameters.end()), {}, {}};
        add_scheme_constants(model);
        return model;
    }
}
