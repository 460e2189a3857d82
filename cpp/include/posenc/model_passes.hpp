#pragma once
// Forward and backward passes of the toy transformer in model.hpp, by hand, in double.
// Shapes: n tokens, D = dModel, H heads of d_h = D/H, V tokens in the vocabulary, R the query
// rows (ascending) where predictions and the loss are taken. Activations are row-major
// std::vectors: the passes index them in inner loops and hand nothing lazy out.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "model.hpp"
#include "rotation.hpp"
#include "row_kernels.hpp"
#include "sinusoidal.hpp"
#include "softmax.hpp"

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
        std::vector<std::size_t> rows;          // query rows of this layer
        std::size_t keys = 0;                   // keys 0 .. keys-1
        std::vector<double> q, k, v;            // q: rows x D (rotated for RoPE); k, v: keys x D
        std::vector<double> weights;            // per query i, head h: rows[i]+1 softmax weights
        std::vector<std::size_t> weight_offset; // start of query i's block (H blocks follow)
        std::vector<double> context;            // rows x D: heads' weighted values, concatenated
        std::vector<double> mid;                // rows x D: x + Wo context (input of the MLP)
        std::vector<double> hidden;             // rows x mlp: pre-activations
        std::vector<double> out;                // rows x D
    };

    struct ModelPass
    {
        std::vector<double> x0;             // keys x D: embeddings plus additive positions
        std::vector<LayerState> layers;
        std::vector<double> probabilities;  // |R| x V, softmax of the logits
    };

    inline Problem check_model_input(const Model& model, const ModelInput& input)
    {
        const std::size_t n = input.tokens.size();
        if (auto problem = check_integer("tokens.length", static_cast<double>(n), 1, limits::max_model_length)) return problem;
        if (input.positions.size() != n)
            return range_problem("positions.length", "tokens.length " + std::to_string(n), std::to_string(input.positions.size()));
        if (auto problem = check_sequence_length(input.sequence_length)) return problem;
        for (std::size_t r = 0; r < n; ++r)
            if (input.tokens[r] < 0 || input.tokens[r] >= model.config.vocabulary)
                return range_problem("tokens[" + std::to_string(r) + "]", "a token below vocabulary " + std::to_string(model.config.vocabulary),
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
            return range_problem("attention weights (heads x query-key pairs)", "at most " + std::to_string(limits::max_model_attention_cells),
                                 std::to_string(cells));
        if (model.config.scheme == Scheme::learned)
            return check_learned_lookup(input.positions.first(keys), model.config.trained_length, input.overflow);
        return std::nullopt;
    }

    namespace detail
    {
        /// out(i, :) += W x(row_i, :) for W (out_dim x in_dim): each output a dot product over c in
        /// order, then added. W is transposed once so that a block of outputs is summed side by side.
        inline void apply_rows(const double* w, std::size_t out_dim, std::size_t in_dim, const double* x,
                               std::span<const std::size_t> rows, double* out)
        {
            const auto columns = transposed(w, out_dim, in_dim);  // (in_dim x out_dim)
            for (std::size_t i = 0; i < rows.size(); ++i)
            {
                const double* xi = x + rows[i] * in_dim;
                double* oi = out + i * out_dim;
                for_each_block(out_dim, [&](std::size_t o, auto width) {
                    constexpr std::size_t n = decltype(width)::value;
                    double sums[n] = {};
                    add_scaled_rows<n>(in_dim, [&](std::size_t c) { return xi[c]; },
                                       [&](std::size_t c) { return columns.data() + c * out_dim + o; }, sums);
                    for (std::size_t b = 0; b < n; ++b) oi[o + b] += sums[b];
                });
            }
        }

        /// Rows of x that apply_rows_backward sums into dW per pass (a tile that stays in cache).
        inline constexpr std::size_t backward_row_tile = 64;

        /// The transpose of apply_rows: dW += dy x^T and dx(row_i) += W^T dy_i (dx may be null).
        /// Every element gets its terms one at a time in the plain loop's order (rows i for dW,
        /// outputs o for dx).
        inline void apply_rows_backward(const double* w, std::size_t out_dim, std::size_t in_dim, const double* x,
                                        std::span<const std::size_t> rows, const double* dy, double* dw, double* dx)
        {
            for (std::size_t first = 0; first < rows.size(); first += backward_row_tile)
            {
                const std::size_t count = std::min(backward_row_tile, rows.size() - first);
                for (std::size_t o = 0; o < out_dim; ++o)
                    for_each_block(in_dim, [&](std::size_t c, auto width) {
                        add_scaled_rows<decltype(width)::value>(
                            count, [&](std::size_t i) { return dy[(first + i) * out_dim + o]; },
                            [&](std::size_t i) { return x + rows[first + i] * in_dim + c; }, dw + o * in_dim + c);
                    });
            }
            if (!dx) return;
            for (std::size_t i = 0; i < rows.size(); ++i)
            {
                const double* di = dy + i * out_dim;
                for_each_block(in_dim, [&](std::size_t c, auto width) {
                    add_scaled_rows<decltype(width)::value>(out_dim, [&](std::size_t o) { return di[o]; },
                                                            [&](std::size_t o) { return w + o * in_dim + c; }, dx + rows[i] * in_dim + c);
                });
            }
        }

        /// Rotates each head of a row by p theta_i per interleaved pair (inverse = true rotates
        /// by -p theta_i, which is the transpose: the backward pass of the rotation).
        inline void rotate_row(double* row, double p, const std::vector<double>& theta, std::size_t heads, bool inverse)
        {
            const std::size_t head_dim = 2 * theta.size();
            for (std::size_t i = 0; i < theta.size(); ++i)
            {
                const double c = std::cos(p * theta[i]), s = inverse ? -std::sin(p * theta[i]) : std::sin(p * theta[i]);
                for (std::size_t h = 0; h < heads; ++h)
                {
                    double* pair = row + h * head_dim + 2 * i;
                    detail::rotate(pair[0], pair[1], c, s);
                }
            }
        }

        inline std::vector<std::size_t> all_rows(std::size_t n)
        {
            std::vector<std::size_t> rows(n);
            for (std::size_t r = 0; r < n; ++r) rows[r] = r;
            return rows;
        }

        /// T5 bucket of every causal distance 0 .. max_distance (bucket of relative position -d).
        inline std::vector<std::size_t> t5_buckets(const T5BucketOptions& options, std::size_t max_distance)
        {
            std::vector<std::size_t> buckets(max_distance + 1);
            for (std::size_t d = 0; d <= max_distance; ++d)
                buckets[d] = static_cast<std::size_t>(t5_bucket(-static_cast<std::int64_t>(d), options));
            return buckets;
        }

        inline std::size_t largest_distance(const ModelInput& input, std::size_t keys)
        {
            const auto [low, high] = std::minmax_element(input.positions.begin(), input.positions.begin() + static_cast<std::ptrdiff_t>(keys));
            return static_cast<std::size_t>(*high - *low);
        }
    }

    namespace detail
    {
        /// The sizes both passes work with: keys are the rows 0 .. last asked row.
        struct PassSizes
        {
            std::size_t d, heads, head_dim, hidden, vocabulary, keys;
            double scale;  // 1 / sqrt(head_dim) on the logits
        };

        inline PassSizes pass_sizes(const Model& model, const ModelInput& input)
        {
            const auto& config = model.config;
            const auto d = static_cast<std::size_t>(config.d_model);
            const auto heads = static_cast<std::size_t>(config.n_heads);
            return {d, heads, d / heads, static_cast<std::size_t>(config.mlp_hidden), static_cast<std::size_t>(config.vocabulary),
                    input.rows.back() + 1, 1.0 / std::sqrt(static_cast<double>(d / heads))};
        }
    }

    /// The forward pass: embeddings, the layers, softmax over the vocabulary at input.rows.
    inline ModelPass model_forward(const Model& model, const ModelInput& input)
    {
        throw_if(check_model_input(model, input));
        const auto& config = model.config;
        const auto& layout = model.layout;
        // Plain locals, not a structured binding: clang 14 (Emscripten 3.1.6) cannot capture those in lambdas.
        const auto sizes = detail::pass_sizes(model, input);
        const std::size_t d = sizes.d, heads = sizes.heads, head_dim = sizes.head_dim, hidden = sizes.hidden, vocabulary = sizes.vocabulary,
                          keys = sizes.keys;
        const double scale = sizes.scale;

        ModelPass pass;
        pass.x0.assign(keys * d, 0.0);
        const double* embedding = model.group(layout.token_embedding);
        for (std::size_t r = 0; r < keys; ++r)
            std::copy_n(embedding + static_cast<std::size_t>(input.tokens[r]) * d, d, pass.x0.begin() + static_cast<std::ptrdiff_t>(r * d));
        if (config.scheme == Scheme::sinusoidal)
        {
            std::vector<double> encoding(keys * d);
            sinusoidal_into(input.positions.first(keys), {config.d_model, config.base}, encoding.data());
            for (std::size_t i = 0; i < encoding.size(); ++i) pass.x0[i] += encoding[i];
        }
        if (config.scheme == Scheme::learned)
        {
            const double* table = model.group(layout.position_table);
            // Past the largest position too: a position beyond tokens.length read past the table.
            const double length = lookup_length(input.sequence_length, input.positions.first(keys), static_cast<double>(input.tokens.size()));
            for (std::size_t r = 0; r < keys; ++r)
            {
                const double row = overflow_row(input.overflow, input.positions[r], config.trained_length, length);
                if (std::isnan(row)) continue;  // a position the window dropped: no row at all
                row_blend(row, static_cast<std::size_t>(config.trained_length)).add_row(table, d, &pass.x0[r * d]);
            }
        }
        const auto buckets = config.scheme == Scheme::t5 ? detail::t5_buckets(config.t5, detail::largest_distance(input, keys))
                                                         : std::vector<std::size_t>{};

        const double* x = pass.x0.data();
        for (std::size_t l = 0; l < static_cast<std::size_t>(config.n_layers); ++l)
        {
            const auto& groups = layout.layers[l];
            LayerState& state = pass.layers.emplace_back();
            const bool last = l + 1 == static_cast<std::size_t>(config.n_layers);
            state.rows = last ? std::vector<std::size_t>(input.rows.begin(), input.rows.end()) : detail::all_rows(keys);
            state.keys = keys;
            const std::size_t queries = state.rows.size();
            const auto key_rows = detail::all_rows(keys);
            state.q.assign(queries * d, 0.0);
            state.k.assign(keys * d, 0.0);
            state.v.assign(keys * d, 0.0);
            detail::apply_rows(model.group(groups.query), d, d, x, state.rows, state.q.data());
            detail::apply_rows(model.group(groups.key), d, d, x, key_rows, state.k.data());
            detail::apply_rows(model.group(groups.value), d, d, x, key_rows, state.v.data());
            if (config.scheme == Scheme::rope)
            {
                for (std::size_t i = 0; i < queries; ++i)
                    detail::rotate_row(&state.q[i * d], input.positions[state.rows[i]], model.theta, heads, false);
                for (std::size_t j = 0; j < keys; ++j) detail::rotate_row(&state.k[j * d], input.positions[j], model.theta, heads, false);
            }
            state.weight_offset.resize(queries);
            std::size_t cells = 0;
            for (std::size_t i = 0; i < queries; ++i)
            {
                state.weight_offset[i] = cells;
                cells += heads * (state.rows[i] + 1);
            }
            state.weights.assign(cells, 0.0);
            state.context.assign(queries * d, 0.0);
            const double* t5 = groups.t5_bias == LayerGroups::none ? nullptr : model.group(groups.t5_bias);
            const auto key_columns = detail::transposed(state.k.data(), keys, d);  // (D x keys): a block of scores side by side
            for (std::size_t i = 0; i < queries; ++i)
            {
                const std::size_t r = state.rows[i];
                for (std::size_t h = 0; h < heads; ++h)
                {
                    double* w = &state.weights[state.weight_offset[i] + h * (r + 1)];
                    const double* qh = &state.q[i * d + h * head_dim];
                    const double* kh_columns = &key_columns[h * head_dim * keys];
                    detail::for_each_block(r + 1, [&](std::size_t j, auto width) {
                        detail::add_scaled_rows<decltype(width)::value>(head_dim, [&](std::size_t c) { return qh[c]; },
                                                                        [&](std::size_t c) { return kh_columns + c * keys + j; }, w + j);
                    });
                    for (std::size_t j = 0; j <= r; ++j)
                    {
                        double s = w[j] * scale;
                        const double distance = input.positions[r] - input.positions[j];
                        if (config.scheme == Scheme::alibi) s -= model.slopes[h] * distance;
                        if (t5) s += t5[h * static_cast<std::size_t>(config.t5.num_buckets) + buckets[static_cast<std::size_t>(std::fabs(distance))]];
                        w[j] = s;
                    }
                    detail::softmax_in_place(w, r + 1);
                    double* ch = &state.context[i * d + h * head_dim];
                    const double* vh = &state.v[h * head_dim];
                    detail::for_each_block(head_dim, [&](std::size_t c, auto width) {
                        detail::add_scaled_rows<decltype(width)::value>(r + 1, [&](std::size_t j) { return w[j]; },
                                                                        [&](std::size_t j) { return vh + j * d + c; }, ch + c);
                    });
                }
            }
            state.mid.assign(queries * d, 0.0);
            for (std::size_t i = 0; i < queries; ++i) std::copy_n(x + state.rows[i] * d, d, state.mid.begin() + static_cast<std::ptrdiff_t>(i * d));
            detail::apply_rows(model.group(groups.output), d, d, state.context.data(), detail::all_rows(queries), state.mid.data());
            state.out = state.mid;
            if (hidden > 0)
            {
                state.hidden.assign(queries * hidden, 0.0);
                const auto own = detail::all_rows(queries);
                detail::apply_rows(model.group(groups.mlp_in), hidden, d, state.mid.data(), own, state.hidden.data());
                const double* c1 = model.group(groups.mlp_in_bias);
                std::vector<double> active(queries * hidden);
                for (std::size_t i = 0; i < queries; ++i)
                    for (std::size_t u = 0; u < hidden; ++u)
                        active[i * hidden + u] = std::max(0.0, state.hidden[i * hidden + u] += c1[u]);
                detail::apply_rows(model.group(groups.mlp_out), d, hidden, active.data(), own, state.out.data());
                const double* c2 = model.group(groups.mlp_out_bias);
                for (std::size_t i = 0; i < queries; ++i)
                    for (std::size_t c = 0; c < d; ++c) state.out[i * d + c] += c2[c];
            }
            x = state.out.data();
        }

        const auto& top_rows = pass.layers.back();
        const std::size_t queries = top_rows.rows.size();
        pass.probabilities.assign(queries * vocabulary, 0.0);
        detail::apply_rows(model.group(layout.unembedding), vocabulary, d, top_rows.out.data(), detail::all_rows(queries),
                           pass.probabilities.data());
        const double* u = model.group(layout.unembedding_bias);
        for (std::size_t i = 0; i < queries; ++i)
        {
            double* p = &pass.probabilities[i * vocabulary];
            for (std::size_t t = 0; t < vocabulary; ++t) p[t] += u[t];
            detail::softmax_in_place(p, vocabulary);
        }
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
        const auto& config = model.config;
        const auto& layout = model.layout;
        // Plain locals, not a structured binding: clang 14 (Emscripten 3.1.6) cannot capture those in lambdas.
        const auto sizes = detail::pass_sizes(model, input);
        const std::size_t d = sizes.d, heads = sizes.heads, head_dim = sizes.head_dim, hidden = sizes.hidden, vocabulary = sizes.vocabulary,
                          keys = sizes.keys;
        const double scale = sizes.scale;
        auto grad = [&](std::size_t group) { return gradient.data() + layout.groups[group].offset; };

        // d loss / d logits = (p - onehot) weight / |R|
        const std::size_t queries = targets.size();
        std::vector<double> d_logits(pass.probabilities);
        for (std::size_t i = 0; i < queries; ++i)
        {
            d_logits[i * vocabulary + static_cast<std::size_t>(targets[i])] -= 1.0;
            for (std::size_t t = 0; t < vocabulary; ++t) d_logits[i * vocabulary + t] *= weight / static_cast<double>(queries);
        }
        double* du = grad(layout.unembedding_bias);
        for (std::size_t i = 0; i < queries; ++i)
            for (std::size_t t = 0; t < vocabulary; ++t) du[t] += d_logits[i * vocabulary + t];
        std::vector<double> d_out(queries * d, 0.0);
        detail::apply_rows_backward(model.group(layout.unembedding), vocabulary, d, pass.layers.back().out.data(), detail::all_rows(queries),
                                    d_logits.data(), grad(layout.unembedding), d_out.data());

        const auto buckets = config.scheme == Scheme::t5 ? detail::t5_buckets(config.t5, detail::largest_distance(input, keys))
                                                         : std::vector<std::size_t>{};
        const auto key_rows = detail::all_rows(keys);
        for (std::size_t l = static_cast<std::size_t>(config.n_layers); l-- > 0;)
        {
            const auto& groups = layout.layers[l];
            const LayerState& state = pass.layers[l];
            const double* x = l == 0 ? pass.x0.data() : pass.layers[l - 1].out.data();
            const std::size_t count = state.rows.size();
            const auto own = detail::all_rows(count);
            std::vector<double> d_mid(d_out);
            if (hidden > 0)
            {
                std::vector<double> active(count * hidden), d_hidden(count * hidden, 0.0);
                for (std::size_t i = 0; i < active.size(); ++i) active[i] = std::max(0.0, state.hidden[i]);
                double* dc2 = grad(groups.mlp_out_bias);
                for (std::size_t i = 0; i < count; ++i)
                    for (std::size_t c = 0; c < d; ++c) dc2[c] += d_out[i * d + c];
                detail::apply_rows_backward(model.group(groups.mlp_out), d, hidden, active.data(), own, d_out.data(), grad(groups.mlp_out),
                                            d_hidden.data());
                double* dc1 = grad(groups.mlp_in_bias);
                for (std::size_t i = 0; i < d_hidden.size(); ++i)
                {
                    if (state.hidden[i] <= 0) d_hidden[i] = 0;
                    dc1[i % hidden] += d_hidden[i];
                }
                detail::apply_rows_backward(model.group(groups.mlp_in), hidden, d, state.mid.data(), own, d_hidden.data(), grad(groups.mlp_in),
                                            d_mid.data());
            }
            std::vector<double> d_x(keys * d, 0.0);
            for (std::size_t i = 0; i < count; ++i)
                for (std::size_t c = 0; c < d; ++c) d_x[state.rows[i] * d + c] += d_mid[i * d + c];
            std::vector<double> d_context(count * d, 0.0);
            detail::apply_rows_backward(model.group(groups.output), d, d, state.context.data(), own, d_mid.data(), grad(groups.output),
                                        d_context.data());

            std::vector<double> d_q(count * d, 0.0), d_k(keys * d, 0.0), d_v(keys * d, 0.0);
            double* d_t5 = groups.t5_bias == LayerGroups::none ? nullptr : grad(groups.t5_bias);
            // Per query i, head h and key j (laid out as state.weights): first d loss / d weight_ij
            // = dC_i,h . v_j,h, then scale x d loss / d score_ij (softmax backward).
            std::vector<double> d_scores(state.weights.size(), 0.0);
            const auto value_columns = detail::transposed(state.v.data(), keys, d);  // (D x keys): a block of keys side by side
            for (std::size_t i = 0; i < count; ++i)
            {
                const std::size_t r = state.rows[i];
                for (std::size_t h = 0; h < heads; ++h)
                {
                    const std::size_t cell = state.weight_offset[i] + h * (r + 1);
                    const double* w = &state.weights[cell];
                    double* ds = &d_scores[cell];
                    const double* dch = &d_context[i * d + h * head_dim];
                    const double* vh_columns = &value_columns[h * head_dim * keys];
                    detail::for_each_block(r + 1, [&](std::size_t j, auto width) {
                        detail::add_scaled_rows<decltype(width)::value>(head_dim, [&](std::size_t c) { return dch[c]; },
                                                                        [&](std::size_t c) { return vh_columns + c * keys + j; }, ds + j);
                    });
                    double mean = 0;
                    for (std::size_t j = 0; j <= r; ++j) mean += w[j] * ds[j];
                    for (std::size_t j = 0; j <= r; ++j)
                    {
                        const double d_score = w[j] * (ds[j] - mean);  // softmax backward
                        if (d_t5)
                            d_t5[h * static_cast<std::size_t>(config.t5.num_buckets)
                                 + buckets[static_cast<std::size_t>(std::fabs(input.positions[r] - input.positions[j]))]] += d_score;
                        ds[j] = scale * d_score;
                    }
                    const double* kh = &state.k[h * head_dim];
                    double* dqh = &d_q[i * d + h * head_dim];
                    detail::for_each_block(head_dim, [&](std::size_t c, auto width) {
                        detail::add_scaled_rows<decltype(width)::value>(r + 1, [&](std::size_t j) { return ds[j]; },
                                                                        [&](std::size_t j) { return kh + j * d + c; }, dqh + c);
                    });
                }
            }
            // dk_j += sum_i (scale dS_ij) q_i and dv_j += sum_i weight_ij dC_i over the queries that
            // see key j (rows[i] >= j), in query order.
            for (std::size_t j = 0, first = 0; j < keys; ++j)
            {
                while (state.rows[first] < j) ++first;
                const std::size_t seen_by = count - first;
                for (std::size_t h = 0; h < heads; ++h)
                {
                    auto cell = [&](std::size_t k) { return state.weight_offset[first + k] + h * (state.rows[first + k] + 1) + j; };
                    const std::size_t column = h * head_dim;
                    detail::for_each_block(head_dim, [&](std::size_t c, auto width) {
                        constexpr std::size_t n = decltype(width)::value;
                        detail::add_scaled_rows<n>(seen_by, [&](std::size_t k) { return state.weights[cell(k)]; },
                                                   [&](std::size_t k) { return &d_context[(first + k) * d + column + c]; }, &d_v[j * d + column + c]);
                        detail::add_scaled_rows<n>(seen_by, [&](std::size_t k) { return d_scores[cell(k)]; },
                                                   [&](std::size_t k) { return &state.q[(first + k) * d + column + c]; }, &d_k[j * d + column + c]);
                    });
                }
            }
            if (config.scheme == Scheme::rope)
            {
                for (std::size_t i = 0; i < count; ++i) detail::rotate_row(&d_q[i * d], input.positions[state.rows[i]], model.theta, heads, true);
                for (std::size_t j = 0; j < keys; ++j) detail::rotate_row(&d_k[j * d], input.positions[j], model.theta, heads, true);
            }
            detail::apply_rows_backward(model.group(groups.query), d, d, x, state.rows, d_q.data(), grad(groups.query), d_x.data());
            detail::apply_rows_backward(model.group(groups.key), d, d, x, key_rows, d_k.data(), grad(groups.key), d_x.data());
            detail::apply_rows_backward(model.group(groups.value), d, d, x, key_rows, d_v.data(), grad(groups.value), d_x.data());
            d_out = std::move(d_x);  // the layer below produced every row 0 .. keys-1
        }

        double* d_embedding = grad(layout.token_embedding);
        for (std::size_t r = 0; r < keys; ++r)
            for (std::size_t c = 0; c < d; ++c) d_embedding[static_cast<std::size_t>(input.tokens[r]) * d + c] += d_out[r * d + c];
        if (config.scheme == Scheme::learned)
        {
            double* d_table = grad(layout.position_table);
            // Past the largest position too: a position beyond tokens.length read past the table.
            const double length = lookup_length(input.sequence_length, input.positions.first(keys), static_cast<double>(input.tokens.size()));
            for (std::size_t r = 0; r < keys; ++r)
            {
                const double row = overflow_row(input.overflow, input.positions[r], config.trained_length, length);
                if (std::isnan(row)) continue;
                row_blend(row, static_cast<std::size_t>(config.trained_length)).scatter_row(&d_out[r * d], d, d_table);
            }
        }
    }
}
