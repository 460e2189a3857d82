#pragma once
// The stages of the toy transformer's forward and backward passes over one input (model_passes.hpp
// runs them in order): embed, per layer project, attend, mix and feed forward, then unembed, and the
// transpose of each. Shapes as in model_passes.hpp.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "model_input.hpp"
#include "model_layer_kernels.hpp"
#include "rotation.hpp"
#include "row_kernels.hpp"
#include "sinusoidal.hpp"
#include "softmax.hpp"

namespace posenc
{
    namespace detail
    {
        /// The stages of both passes over one input. The forward pass runs embed, then per layer
        /// project, attend, mix and feed_forward, then unembed; the backward pass runs their
        /// transposes in reverse, each adding its parameters' share to the gradient and returning
        /// d loss / d (its input). Keys are the rows 0 .. the last asked row.
        class ModelStages
        {
        public:
            ModelStages(const Model& model, const ModelInput& input)
                : model_(model), input_(input), config_(model.config), layout_(model.layout), d_(static_cast<std::size_t>(config_.d_model)),
                  heads_(static_cast<std::size_t>(config_.n_heads)), head_dim_(d_ / heads_),
                  hidden_(static_cast<std::size_t>(config_.mlp_hidden)), vocabulary_(static_cast<std::size_t>(config_.vocabulary)),
                  keys_(input.rows.back() + 1), rope_scale_(rope_score_scale(config_, head_dim_)), theta_(sequence_theta(model, input)),
                  key_rows_(all_rows(keys_)), buckets_(config_.scheme == Scheme::t5 ? t5_buckets(config_.t5, largest_distance(input, keys_))
                                                                                    : std::vector<std::size_t>{})
            {
            }

            std::size_t layers() const { return static_cast<std::size_t>(config_.n_layers); }

            /// x0 = E[token_r] plus the additive position signal (sinusoidal PE, or the learned row the
            /// overflow policy hands over), rows 0 .. keys - 1.
            std::vector<double> embed() const
            {
                std::vector<double> x0(keys_ * d_, 0.0);
                const double* embedding = model_.group(layout_.token_embedding);
                for (std::size_t r = 0; r < keys_; ++r)
                    std::copy_n(embedding + static_cast<std::size_t>(input_.tokens[r]) * d_, d_,
                                x0.begin() + static_cast<std::ptrdiff_t>(r * d_));
                if (config_.scheme == Scheme::sinusoidal)
                {
                    std::vector<double> encoding(keys_ * d_);
                    sinusoidal_into(input_.positions.first(keys_), {config_.d_model, config_.base}, encoding.data());
                    for (std::size_t i = 0; i < encoding.size(); ++i) x0[i] += encoding[i];
                }
                const double* table = config_.scheme == Scheme::learned ? model_.group(layout_.position_table) : nullptr;
                for_each_learned_row([&](std::size_t r, const RowBlend& blend) { blend.add_row(table, d_, &x0[r * d_]); });
                return x0;
            }

            /// q of the layer's query rows (every row before the last layer, the asked rows in it), k and
            /// v of every key, from the layer's input x; RoPE rotates q and k by their positions.
            void project(std::size_t l, const double* x, LayerState& state) const
            {
                const auto& groups = layout_.layers[l];
                state.rows = l + 1 == layers() ? std::vector<std::size_t>(input_.rows.begin(), input_.rows.end()) : key_rows_;
                state.keys = keys_;
                const std::size_t queries = state.rows.size();
                state.q.assign(queries * d_, 0.0);
                state.k.assign(keys_ * d_, 0.0);
                state.v.assign(keys_ * d_, 0.0);
                project_rows(l, model_.group(groups.query), x, state.rows, state.q.data());
                project_rows(l, model_.group(groups.key), x, key_rows_, state.k.data());
                project_rows(l, model_.group(groups.value), x, key_rows_, state.v.data());
                if (!rotates(l)) return;
                for (std::size_t i = 0; i < queries; ++i)
                    rotate_row(&state.q[i * d_], input_.positions[state.rows[i]], theta_, heads_, false);
                for (std::size_t j = 0; j < keys_; ++j) rotate_row(&state.k[j * d_], input_.positions[j], theta_, heads_, false);
            }

            /// Per query row r and head h: s_rj = q . k_j / sqrt(d_h) + the scheme's bias, softmax over
            /// keys 0 .. r, into state.weights (query i's block of heads at state.weight_offset[i]).
            void attend(std::size_t l, LayerState& state) const
            {
                const std::size_t queries = state.rows.size();
                state.weight_offset.resize(queries);
                std::size_t cells = 0;
                for (std::size_t i = 0; i < queries; ++i)
                {
                    state.weight_offset[i] = cells;
                    cells += heads_ * (state.rows[i] + 1);
                }
                state.weights.assign(cells, 0.0);
                const double* t5 = t5_biases(l);
                const bool alibi = config_.scheme == Scheme::alibi && layer_is_positioned(config_, static_cast<std::int64_t>(l));
                const double scale = score_scale(l);
                const auto key_columns = transposed(state.k.data(), keys_, d_);  // (D x keys): a block of scores side by side
                for (std::size_t i = 0; i < queries; ++i)
                {
                    const std::size_t r = state.rows[i];
                    for (std::size_t h = 0; h < heads_; ++h)
                    {
                        double* w = &state.weights[state.weight_offset[i] + h * (r + 1)];
                        const double* qh = &state.q[i * d_ + h * head_dim_];
                        const double* kh_columns = &key_columns[h * head_dim_ * keys_];
                        for_each_block(r + 1, [&](std::size_t j, auto width) {
                            add_scaled_rows<decltype(width)::value>(
                                head_dim_, [&](std::size_t c) { return qh[c]; }, [&](std::size_t c) { return kh_columns + c * keys_ + j; },
                                w + j);
                        });
                        for (std::size_t j = 0; j <= r; ++j)
                        {
                            double s = w[j] * scale;
                            const double distance = input_.positions[r] - input_.positions[j];
                            if (alibi) s -= model_.slopes[h] * distance;
                            if (t5) s += t5[t5_cell(h, r, j)];
                            w[j] = s;
                        }
                        softmax_in_place(w, r + 1);
                    }
                }
            }

            /// Each head's weighted values, concatenated (state.context), and mid = x + Wo context.
            void mix(std::size_t l, const double* x, LayerState& state) const
            {
                const std::size_t queries = state.rows.size();
                state.context.assign(queries * d_, 0.0);
                for (std::size_t i = 0; i < queries; ++i)
                {
                    const std::size_t r = state.rows[i];
                    for (std::size_t h = 0; h < heads_; ++h)
                    {
                        const double* w = &state.weights[state.weight_offset[i] + h * (r + 1)];
                        double* ch = &state.context[i * d_ + h * head_dim_];
                        const double* vh = &state.v[h * head_dim_];
                        for_each_block(head_dim_, [&](std::size_t c, auto width) {
                            add_scaled_rows<decltype(width)::value>(
                                r + 1, [&](std::size_t j) { return w[j]; }, [&](std::size_t j) { return vh + j * d_ + c; }, ch + c);
                        });
                    }
                }
                state.mid.assign(queries * d_, 0.0);
                for (std::size_t i = 0; i < queries; ++i)
                    std::copy_n(x + state.rows[i] * d_, d_, state.mid.begin() + static_cast<std::ptrdiff_t>(i * d_));
                apply_rows(model_.group(layout_.layers[l].output), d_, d_, state.context.data(), all_rows(queries), state.mid.data());
            }

            /// out = mid + W2 relu(W1 mid + c1) + c2 (state.hidden keeps W1 mid + c1), or mid without an MLP.
            void feed_forward(std::size_t l, LayerState& state) const
            {
                state.out = state.mid;
                if (hidden_ == 0) return;
                const auto& groups = layout_.layers[l];
                const std::size_t queries = state.rows.size();
                state.hidden.assign(queries * hidden_, 0.0);
                const auto own = all_rows(queries);
                apply_rows(model_.group(groups.mlp_in), hidden_, d_, state.mid.data(), own, state.hidden.data());
                const double* c1 = model_.group(groups.mlp_in_bias);
                std::vector<double> active(queries * hidden_);
                for (std::size_t i = 0; i < queries; ++i)
                    for (std::size_t u = 0; u < hidden_; ++u)
                        active[i * hidden_ + u] = std::max(0.0, state.hidden[i * hidden_ + u] += c1[u]);
                apply_rows(model_.group(groups.mlp_out), d_, hidden_, active.data(), own, state.out.data());
                const double* c2 = model_.group(groups.mlp_out_bias);
                for (std::size_t i = 0; i < queries; ++i)
                    for (std::size_t c = 0; c < d_; ++c) state.out[i * d_ + c] += c2[c];
            }

            /// softmax(U y + u) for each row y of the last layer's out: |R| x V probabilities.
            std::vector<double> unembed(const LayerState& top) const
            {
                const std::size_t queries = top.rows.size();
                std::vector<double> probabilities(queries * vocabulary_, 0.0);
                apply_rows(model_.group(layout_.unembedding), vocabulary_, d_, top.out.data(), all_rows(queries), probabilities.data());
                const double* u = model_.group(layout_.unembedding_bias);
                for (std::size_t i = 0; i < queries; ++i)
                {
                    double* p = &probabilities[i * vocabulary_];
                    for (std::size_t t = 0; t < vocabulary_; ++t) p[t] += u[t];
                    softmax_in_place(p, vocabulary_);
                }
                return probabilities;
            }

            /// From the loss (weight x mean cross-entropy over the asked rows) to d loss / d out of the
            /// last layer; d loss / d logits = (p - onehot) weight / |R|.
            std::vector<double> unembed_backward(const ModelPass& pass, std::span<const std::int32_t> targets, double weight,
                                                 std::vector<double>& gradient) const
            {
                const std::size_t queries = targets.size();
                std::vector<double> d_logits(pass.probabilities);
                for (std::size_t i = 0; i < queries; ++i)
                {
                    d_logits[i * vocabulary_ + static_cast<std::size_t>(targets[i])] -= 1.0;
                    for (std::size_t t = 0; t < vocabulary_; ++t) d_logits[i * vocabulary_ + t] *= weight / static_cast<double>(queries);
                }
                double* du = gradient_of(gradient, layout_.unembedding_bias);
                for (std::size_t i = 0; i < queries; ++i)
                    for (std::size_t t = 0; t < vocabulary_; ++t) du[t] += d_logits[i * vocabulary_ + t];
                std::vector<double> d_out(queries * d_, 0.0);
                apply_rows_backward(model_.group(layout_.unembedding), vocabulary_, d_, pass.layers.back().out.data(), all_rows(queries),
                                    d_logits.data(), gradient_of(gradient, layout_.unembedding), d_out.data());
                return d_out;
            }

            /// d loss / d mid from d loss / d out (the residual, plus the MLP's share through its ReLU).
            std::vector<double> feed_forward_backward(std::size_t l, const LayerState& state, const std::vector<double>& d_out,
                                                      std::vector<double>& gradient) const
            {
                std::vector<double> d_mid(d_out);
                if (hidden_ == 0) return d_mid;
                const auto& groups = layout_.layers[l];
                const std::size_t count = state.rows.size();
                const auto own = all_rows(count);
                std::vector<double> active(count * hidden_), d_hidden(count * hidden_, 0.0);
                for (std::size_t i = 0; i < active.size(); ++i) active[i] = std::max(0.0, state.hidden[i]);
                double* dc2 = gradient_of(gradient, groups.mlp_out_bias);
                for (std::size_t i = 0; i < count; ++i)
                    for (std::size_t c = 0; c < d_; ++c) dc2[c] += d_out[i * d_ + c];
                apply_rows_backward(model_.group(groups.mlp_out), d_, hidden_, active.data(), own, d_out.data(),
                                    gradient_of(gradient, groups.mlp_out), d_hidden.data());
                double* dc1 = gradient_of(gradient, groups.mlp_in_bias);
                for (std::size_t i = 0; i < d_hidden.size(); ++i)
                {
                    if (state.hidden[i] <= 0) d_hidden[i] = 0;
                    dc1[i % hidden_] += d_hidden[i];
                }
                apply_rows_backward(model_.group(groups.mlp_in), hidden_, d_, state.mid.data(), own, d_hidden.data(),
                                    gradient_of(gradient, groups.mlp_in), d_mid.data());
                return d_mid;
            }

            /// The transpose of mix: the residual's share of d loss / d mid into d_x (keys x D, zero
            /// at first), and d loss / d context through Wo.
            std::vector<double> mix_backward(std::size_t l, const LayerState& state, const std::vector<double>& d_mid,
                                             std::vector<double>& gradient, std::vector<double>& d_x) const
            {
                const std::size_t count = state.rows.size();
                for (std::size_t i = 0; i < count; ++i)
                    for (std::size_t c = 0; c < d_; ++c) d_x[state.rows[i] * d_ + c] += d_mid[i * d_ + c];
                std::vector<double> d_context(count * d_, 0.0);
                apply_rows_backward(model_.group(layout_.layers[l].output), d_, d_, state.context.data(), all_rows(count), d_mid.data(),
                                    gradient_of(gradient, layout_.layers[l].output), d_context.data());
                return d_context;
            }

            /// d loss / d q, k, v (rotated as in the forward pass) from d loss / d context.
            struct AttentionGradient
            {
                std::vector<double> d_q, d_k, d_v;
            };

            /// The transpose of attend and mix's weighting, per query i, head h and key j (laid out as
            /// state.weights): d loss / d weight_ij = dC_i,h . v_j,h; the softmax's transpose gives
            /// d loss / d score_ij (the T5 bias's gradient); then q and k through scale x score.
            AttentionGradient attend_backward(std::size_t l, const LayerState& state, const std::vector<double>& d_context,
                                              std::vector<double>& gradient) const
            {
                const std::size_t count = state.rows.size();
                AttentionGradient out{std::vector<double>(count * d_, 0.0), std::vector<double>(keys_ * d_, 0.0),
                                      std::vector<double>(keys_ * d_, 0.0)};
                double* d_t5 = layout_.layers[l].t5_bias == LayerGroups::none ? nullptr : gradient_of(gradient, layout_.layers[l].t5_bias);
                std::vector<double> d_scores(state.weights.size(), 0.0);
                const double scale = score_scale(l);
                const auto value_columns = transposed(state.v.data(), keys_, d_);  // (D x keys): a block of keys side by side
                for (std::size_t i = 0; i < count; ++i)
                {
                    const std::size_t r = state.rows[i];
                    for (std::size_t h = 0; h < heads_; ++h)
                    {
                        const std::size_t cell = state.weight_offset[i] + h * (r + 1);
                        const double* w = &state.weights[cell];
                        double* ds = &d_scores[cell];
                        const double* dch = &d_context[i * d_ + h * head_dim_];
                        const double* vh_columns = &value_columns[h * head_dim_ * keys_];
                        for_each_block(r + 1, [&](std::size_t j, auto width) {
                            add_scaled_rows<decltype(width)::value>(
                                head_dim_, [&](std::size_t c) { return dch[c]; }, [&](std::size_t c) { return vh_columns + c * keys_ + j; },
                                ds + j);
                        });
                        double mean = 0;
                        for (std::size_t j = 0; j <= r; ++j) mean += w[j] * ds[j];
                        for (std::size_t j = 0; j <= r; ++j)
                        {
                            const double d_score = w[j] * (ds[j] - mean);  // softmax backward
                            if (d_t5) d_t5[t5_cell(h, r, j)] += d_score;
                            ds[j] = scale * d_score;
                        }
                        const double* kh = &state.k[h * head_dim_];
                        double* dqh = &out.d_q[i * d_ + h * head_dim_];
                        for_each_block(head_dim_, [&](std::size_t c, auto width) {
                            add_scaled_rows<decltype(width)::value>(
                                r + 1, [&](std::size_t j) { return ds[j]; }, [&](std::size_t j) { return kh + j * d_ + c; }, dqh + c);
                        });
                    }
                }
                // dk_j += sum_i (scale dS_ij) q_i and dv_j += sum_i weight_ij dC_i over the queries that
                // see key j (rows[i] >= j), in query order.
                for (std::size_t j = 0, first = 0; j < keys_; ++j)
                {
                    while (state.rows[first] < j) ++first;
                    const std::size_t seen_by = count - first;
                    for (std::size_t h = 0; h < heads_; ++h)
                    {
                        auto cell = [&](std::size_t k) { return state.weight_offset[first + k] + h * (state.rows[first + k] + 1) + j; };
                        const std::size_t column = h * head_dim_;
                        for_each_block(head_dim_, [&](std::size_t c, auto width) {
                            constexpr std::size_t n = decltype(width)::value;
                            add_scaled_rows<n>(
                                seen_by, [&](std::size_t k) { return state.weights[cell(k)]; },
                                [&](std::size_t k) { return &d_context[(first + k) * d_ + column + c]; }, &out.d_v[j * d_ + column + c]);
                            add_scaled_rows<n>(
                                seen_by, [&](std::size_t k) { return d_scores[cell(k)]; },
                                [&](std::size_t k) { return &state.q[(first + k) * d_ + column + c]; }, &out.d_k[j * d_ + column + c]);
                        });
                    }
                }
                return out;
            }

            /// The transpose of project: RoPE's rotations undone, then each projection's share of
            /// d loss / d x added into d_x.
            void project_backward(std::size_t l, const double* x, const LayerState& state, AttentionGradient& attention,
                                  std::vector<double>& gradient, std::vector<double>& d_x) const
            {
                const auto& groups = layout_.layers[l];
                if (rotates(l))
                {
                    for (std::size_t i = 0; i < state.rows.size(); ++i)
                        rotate_row(&attention.d_q[i * d_], input_.positions[state.rows[i]], theta_, heads_, true);
                    for (std::size_t j = 0; j < keys_; ++j) rotate_row(&attention.d_k[j * d_], input_.positions[j], theta_, heads_, true);
                }
                apply_rows_backward(model_.group(groups.query), d_, d_, x, state.rows, attention.d_q.data(),
                                    gradient_of(gradient, groups.query), d_x.data());
                apply_rows_backward(model_.group(groups.key), d_, d_, x, key_rows_, attention.d_k.data(), gradient_of(gradient, groups.key),
                                    d_x.data());
                apply_rows_backward(model_.group(groups.value), d_, d_, x, key_rows_, attention.d_v.data(),
                                    gradient_of(gradient, groups.value), d_x.data());
            }

            /// The transpose of embed: the token embeddings' gradient, and the learned rows' (each
            /// position's share to the rows it blended).
            void embed_backward(const std::vector<double>& d_x0, std::vector<double>& gradient) const
            {
                double* d_embedding = gradient_of(gradient, layout_.token_embedding);
                for (std::size_t r = 0; r < keys_; ++r)
                    for (std::size_t c = 0; c < d_; ++c)
                        d_embedding[static_cast<std::size_t>(input_.tokens[r]) * d_ + c] += d_x0[r * d_ + c];
                double* d_table = config_.scheme == Scheme::learned ? gradient_of(gradient, layout_.position_table) : nullptr;
                for_each_learned_row([&](std::size_t r, const RowBlend& blend) { blend.scatter_row(&d_x0[r * d_], d_, d_table); });
            }

        private:
            /// RoPE's frequencies for this input: the model's own, or for a kind that follows the length
            /// (dynamic NTK) those of the whole sequence being read, n = positions.size() (HF's
            /// max(position_ids) + 1), the same in the forward and the backward pass and for every chunk of rows.
            static std::vector<double> sequence_theta(const Model& model, const ModelInput& input)
            {
                const auto& config = model.config;
                if (config.scheme != Scheme::rope || !scaling_entry(config.rope_scaling.kind).follows_length) return model.theta;
                return rope_frequencies(config.d_model / config.n_heads, {config.base, RopePairing::interleaved, config.rope_scaling},
                                        static_cast<std::int64_t>(input.positions.size()));
            }

            /// 1 / sqrt(d_h), times YaRN's attention factor squared (it scales q and k) when a RoPE
            /// model is asked with YaRN; exactly 1 / sqrt(d_h) otherwise.
            static double rope_score_scale(const ModelConfig& config, std::size_t head_dim)
            {
                const double scale = 1.0 / std::sqrt(static_cast<double>(head_dim));
                if (config.scheme != Scheme::rope || config.rope_scaling.kind != RopeScalingKind::yarn) return scale;
                const double factor = rope_attention_factor(config.rope_scaling);
                return scale * factor * factor;
            }

            /// out(i, :) = W x(rows[i], :), as apply_rows gives it into zeros. In the first layer of a
            /// scheme that adds nothing to the embeddings, x(r, :) is token r's embedding, so with more
            /// rows than tokens each token's projection is computed once and copied: the same sums in
            /// the same order, bit for bit, without projecting thousands of keys one by one.
            void project_rows(std::size_t l, const double* w, const double* x, std::span<const std::size_t> rows, double* out) const
            {
                const bool embeddings_only = l == 0 && config_.scheme != Scheme::sinusoidal && config_.scheme != Scheme::learned;
                if (!embeddings_only || rows.size() <= vocabulary_)
                {
                    apply_rows(w, d_, d_, x, rows, out);
                    return;
                }
                std::vector<double> per_token(vocabulary_ * d_, 0.0);
                apply_rows(w, d_, d_, model_.group(layout_.token_embedding), all_rows(vocabulary_), per_token.data());
                for (std::size_t i = 0; i < rows.size(); ++i)
                    std::copy_n(&per_token[static_cast<std::size_t>(input_.tokens[rows[i]]) * d_], d_, out + i * d_);
            }

            /// Calls visit(r, blend) for each key row r the learned table hands a row to (none for
            /// another scheme, or for a position the window dropped).
            template <typename Visit>
            void for_each_learned_row(Visit visit) const
            {
                if (config_.scheme != Scheme::learned) return;
                // Past the largest position too: a position beyond tokens.length read past the table.
                const double length =
                    lookup_length(input_.sequence_length, input_.positions.first(keys_), static_cast<double>(input_.tokens.size()));
                for (std::size_t r = 0; r < keys_; ++r)
                {
                    const double row = overflow_row(input_.overflow, input_.positions[r], config_.trained_length, length);
                    if (!std::isnan(row)) visit(r, row_blend(row, static_cast<std::size_t>(config_.trained_length)));
                }
            }

            /// Layer l's T5 bias per head and bucket, or null for another scheme.
            const double* t5_biases(std::size_t l) const
            {
                return layout_.layers[l].t5_bias == LayerGroups::none ? nullptr : model_.group(layout_.layers[l].t5_bias);
            }

            /// Where head h's bias for query row r and key j sits in a layer's T5 biases.
            std::size_t t5_cell(std::size_t h, std::size_t r, std::size_t j) const
            {
                return h * static_cast<std::size_t>(config_.t5.num_buckets)
                       + buckets_[static_cast<std::size_t>(std::fabs(input_.positions[r] - input_.positions[j]))];
            }

            /// Whether layer l rotates q and k: a RoPE model's layer that layer_positions gives the scheme.
            bool rotates(std::size_t l) const
            {
                return config_.scheme == Scheme::rope && layer_is_positioned(config_, static_cast<std::int64_t>(l));
            }

            /// The factor on layer l's q . k: rope_scale_ on a rotating layer, else 1 / sqrt(head_dim)
            /// (YaRN's temperature belongs to the rotation it scales).
            double score_scale(std::size_t l) const { return rotates(l) ? rope_scale_ : 1.0 / std::sqrt(static_cast<double>(head_dim_)); }

            double* gradient_of(std::vector<double>& gradient, std::size_t group) const
            {
                return gradient.data() + layout_.groups[group].offset;
            }

            const Model& model_;
            const ModelInput& input_;
            const ModelConfig& config_;
            const ModelLayout& layout_;
            const std::size_t d_, heads_, head_dim_, hidden_, vocabulary_, keys_;
            const double rope_scale_;  // on a RoPE layer's logits: 1 / sqrt(head_dim), times YaRN's factor squared when asked with YaRN
            const std::vector<double> theta_;  // RoPE: the frequencies of this input (sequence_theta)
            const std::vector<std::size_t> key_rows_;
            const std::vector<std::size_t> buckets_;  // T5: the bucket of every distance between the keys
        };
    }
}
