#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "posenc/model_passes.hpp"

using posenc::Model;
using posenc::ModelConfig;
using posenc::ModelInput;
using posenc::Overflow;
using posenc::Scheme;

namespace
{
    // Small enough to difference every parameter, big enough for every code path: two heads,
    // an MLP, sampled query rows in the last layer, the learned table interpolated (fractional
    // rows) and T5 distances past its exact buckets.
    ModelConfig small_config(Scheme scheme, std::int64_t layers, std::int64_t mlp)
    {
        ModelConfig config;
        config.scheme = scheme;
        config.vocabulary = 6;
        config.d_model = 8;
        config.n_heads = 2;
        config.n_layers = layers;
        config.mlp_hidden = mlp;
        config.trained_length = 6;
        config.t5 = {false, 8, 16};
        return config;
    }

    struct Case
    {
        std::vector<std::int32_t> tokens{3, 1, 4, 1, 5, 0, 2, 5, 3};
        std::vector<double> positions{0, 1, 2, 3, 4, 5, 6, 7, 8};
        std::vector<std::size_t> rows{2, 5, 8};
        std::vector<std::int32_t> targets{1, 4, 0};
        ModelInput input() const { return {tokens, positions, rows, Overflow::interpolate, 0}; }
    };

    double loss_of(const Model& model, const Case& c)
    {
        return posenc::model_loss(model, posenc::model_forward(model, c.input()), c.targets);
    }
}

namespace
{
    /// Checks every parameter group's gradient of `model` on `c` against central differences.
    void check_gradient(Model& model, const Case& c)
    {
        // Non-zero biases so their paths are exercised away from the initial zeros.
        posenc::Random random(5);
        for (const auto& g : model.layout.groups)
            if (g.name.ends_with("Bias"))
                for (std::size_t i = 0; i < g.size(); ++i) model.parameters[g.offset + i] = 0.3 * random.normal();
        std::vector<double> analytic(model.parameters.size(), 0.0);
        posenc::model_backward(model, c.input(), posenc::model_forward(model, c.input()), c.targets, 1.0, analytic);

        // h = 1e-5: the central difference's truncation error is O(h^2 f''') ~ 1e-10 and its
        // rounding error about eps |loss| / h ~ 1e-11, both far below 1e-4 of gradients ~1e-3..1.
        const double h = 1e-5;
        for (const auto& group : model.layout.groups)
        {
            double difference = 0, analytic_norm = 0, numeric_norm = 0;
            for (std::size_t i = group.offset; i < group.offset + group.size(); ++i)
            {
                const double saved = model.parameters[i];
                model.parameters[i] = saved + h;
                const double up = loss_of(model, c);
                model.parameters[i] = saved - h;
                const double down = loss_of(model, c);
                model.parameters[i] = saved;
                const double numeric = (up - down) / (2 * h);
                difference += (numeric - analytic[i]) * (numeric - analytic[i]);
                analytic_norm += analytic[i] * analytic[i];
                numeric_norm += numeric * numeric;
            }
            INFO("group " << group.name);
            REQUIRE(analytic_norm > 0);  // every group takes part in the loss
            CHECK(std::sqrt(difference) / std::sqrt(std::max(analytic_norm, numeric_norm)) < 1e-4);
        }
    }
}

TEST_CASE("Every parameter group's gradient matches central finite differences for every scheme", "[model][gradient]")
{
    const auto scheme = GENERATE(Scheme::nope, Scheme::sinusoidal, Scheme::learned, Scheme::rope, Scheme::alibi, Scheme::t5);
    const auto [layers, mlp] = GENERATE(table<std::int64_t, std::int64_t>({{1, 0}, {2, 5}}));
    // Two layers of which one has no position (RoPE, ALiBi or T5 in the first or the last only).
    const auto positions = GENERATE(posenc::LayerPositions::every, posenc::LayerPositions::first, posenc::LayerPositions::last);
    if (positions != posenc::LayerPositions::every && (layers == 1 || !posenc::scheme_acts_in_attention(scheme))) return;
    INFO(layers << " layer(s), mlp " << mlp << ", positions in " << posenc::name_of(positions));
    auto config = small_config(scheme, layers, mlp);
    config.layer_positions = positions;
    auto model = posenc::make_model(config, 11);
    check_gradient(model, Case{});
}

TEST_CASE("A RoPE model's gradient matches central finite differences under every scaling a fine-tune uses", "[model][gradient]")
{
    // The 9-token case is longer than L = 6, so dynamic NTK's frequencies differ from none's here.
    const auto kind = GENERATE(posenc::RopeScalingKind::pi, posenc::RopeScalingKind::ntk, posenc::RopeScalingKind::yarn,
                               posenc::RopeScalingKind::dynamic, posenc::RopeScalingKind::llama3);
    const auto [layers, mlp] = GENERATE(table<std::int64_t, std::int64_t>({{1, 0}, {2, 5}}));
    INFO(posenc::name_of(kind) << ", " << layers << " layer(s), mlp " << mlp);
    auto config = small_config(Scheme::rope, layers, mlp);
    config.rope_scaling = {kind, 3.0, config.trained_length};
    auto model = posenc::make_model(config, 11);
    check_gradient(model, Case{});
}

TEST_CASE("A model is the same for the same seed and different for another", "[model]")
{
    const auto config = small_config(Scheme::learned, 2, 5);
    CHECK(posenc::make_model(config, 3).parameters == posenc::make_model(config, 3).parameters);
    CHECK(posenc::make_model(config, 3).parameters != posenc::make_model(config, 4).parameters);
}

TEST_CASE("Asking only some rows gives the same predictions there as asking every row", "[model]")
{
    const auto scheme = GENERATE(Scheme::nope, Scheme::sinusoidal, Scheme::learned, Scheme::rope, Scheme::alibi, Scheme::t5);
    const auto model = posenc::make_model(small_config(scheme, 2, 5), 2);
    const Case c;
    const std::vector<std::size_t> every{0, 1, 2, 3, 4, 5, 6, 7, 8};
    const auto some = posenc::model_forward(model, c.input());
    const auto all = posenc::model_forward(model, {c.tokens, c.positions, every, Overflow::interpolate, 0});
    for (std::size_t i = 0; i < c.rows.size(); ++i)
        for (std::size_t t = 0; t < 6; ++t)
            CHECK(some.probabilities[i * 6 + t] == Approx(all.probabilities[c.rows[i] * 6 + t]).margin(1e-12));
}

TEST_CASE("The model is causal: a later token does not change an earlier prediction", "[model]")
{
    const auto scheme = GENERATE(Scheme::nope, Scheme::rope, Scheme::t5);
    const auto model = posenc::make_model(small_config(scheme, 2, 5), 2);
    Case c;
    const auto before = posenc::model_forward(model, {c.tokens, c.positions, c.rows, Overflow::clamp, 0});
    c.tokens[7] = 0;
    const auto after = posenc::model_forward(model, {c.tokens, c.positions, c.rows, Overflow::clamp, 0});
    for (std::size_t t = 0; t < 12; ++t) CHECK(before.probabilities[t] == Approx(after.probabilities[t]).margin(1e-14));
    CHECK(before.probabilities[12] != after.probabilities[12]);
}

TEST_CASE("With overflow 'error' a learned model refuses a position past its table", "[model][learned]")
{
    const auto model = posenc::make_model(small_config(Scheme::learned, 1, 0), 2);
    const Case c;
    CHECK_THROWS_WITH(posenc::model_forward(model, {c.tokens, c.positions, c.rows, Overflow::error, 0}),
                      Catch::Matchers::Contains("no row 6"));
    const std::vector<std::size_t> early{1, 5};
    CHECK_NOTHROW(posenc::model_forward(model, {c.tokens, c.positions, early, Overflow::error, 0}));
}

TEST_CASE("Impossible model shapes are rejected with the argument named", "[model]")
{
    auto config = small_config(Scheme::rope, 1, 0);
    config.d_model = 12;
    config.n_heads = 4;  // head dim 3: RoPE needs pairs
    CHECK_THROWS_WITH(posenc::make_model(config, 1), Catch::Matchers::Contains("dModel"));
    config = small_config(Scheme::nope, 3, 0);
    CHECK_THROWS_WITH(posenc::make_model(config, 1), Catch::Matchers::Contains("nLayers"));
    config = small_config(Scheme::nope, 1, 0);
    config.d_model = 7;
    CHECK_THROWS_WITH(posenc::make_model(config, 1), Catch::Matchers::Contains("multiple of nHeads"));
}

TEST_CASE("A RoPE model takes dynamic NTK and checks LongRoPE's per-pair factors", "[model][arguments]")
{
    auto config = small_config(Scheme::rope, 1, 0);
    config.rope_scaling = {posenc::RopeScalingKind::dynamic, 4.0, config.trained_length};
    CHECK_FALSE(posenc::check_model_config(config));
    config.rope_scaling = {posenc::RopeScalingKind::longrope, 4.0, config.trained_length};
    CHECK(posenc::check_model_config(config)->argument == "scaling.shortFactor.length");
    config.rope_scaling = {posenc::RopeScalingKind::llama3, 4.0, config.trained_length};
    CHECK_FALSE(posenc::check_model_config(config));
}

TEST_CASE("A model pass refuses a sequence length that is not a whole length (fuzz finding)", "[model][arguments]")
{
    // The learned table's 'window' read row p itself (past the table) when told a NaN length.
    const auto model = posenc::make_model(small_config(Scheme::learned, 1, 0), 1);
    const Case c;
    ModelInput input{c.tokens, c.positions, c.rows, Overflow::window, std::nan("")};
    CHECK_THROWS_WITH(posenc::model_forward(model, input), Catch::Matchers::Contains("sequenceLength"));
    input.sequence_length = 9;
    CHECK_NOTHROW(posenc::model_forward(model, input));
}

TEST_CASE("A learned model handed positions past tokens.length stays inside its table (fuzz finding)", "[model][arguments]")
{
    // The policies measured the sequence by its token count only: 'window' and 'interpolate'
    // handed position 40 (3 tokens, L = 6) row 40, past the table. Now n = 41, as learned_lookup has it.
    const auto model = posenc::make_model(small_config(Scheme::learned, 1, 0), 1);
    const std::vector<std::int32_t> tokens{1, 2, 3};
    const std::vector<double> positions{0, 20, 40};
    const std::vector<std::size_t> rows{2};
    const double* embedding = model.group(model.layout.token_embedding);
    const double* table = model.group(model.layout.position_table);
    for (auto [policy, row] : {std::pair{Overflow::clamp, 5}, {Overflow::wrap, 4}, {Overflow::window, 5}, {Overflow::interpolate, 5}})
    {
        const auto pass = posenc::model_forward(model, {tokens, positions, rows, policy, 0});
        for (std::size_t c = 0; c < 8; ++c)
            CHECK(pass.x0[2 * 8 + c] == Approx(embedding[3 * 8 + c] + table[static_cast<std::size_t>(row) * 8 + c]));
    }
}
