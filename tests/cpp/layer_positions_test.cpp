#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "largest_difference.hpp"
#include "posenc/model_passes.hpp"

using posenc::LayerPositions;
using posenc::Scheme;

namespace
{
    posenc::ModelConfig two_layers(Scheme scheme, LayerPositions positions)
    {
        posenc::ModelConfig config;
        config.scheme = scheme;
        config.vocabulary = 6;
        config.d_model = 8;
        config.n_heads = 2;
        config.n_layers = 2;
        config.mlp_hidden = 4;
        config.trained_length = 9;
        config.base = 20;
        config.t5 = {false, 8, 16};
        config.layer_positions = positions;
        return config;
    }

    const std::vector<std::int32_t> tokens{3, 1, 4, 1, 5, 0, 2, 5, 3};
    const std::vector<std::size_t> every_row{0, 1, 2, 3, 4, 5, 6, 7, 8};
    const std::vector<double> in_order{0, 1, 2, 3, 4, 5, 6, 7, 8};
    // A permutation of the positions, not a shift: RoPE and both biases see other distances.
    const std::vector<double> shuffled{4, 0, 7, 2, 8, 1, 6, 3, 5};

    std::vector<double> layer_out(const posenc::Model& model, const std::vector<double>& positions, std::size_t layer)
    {
        return posenc::model_forward(model, {tokens, positions, every_row, posenc::Overflow::error, 0}).layers[layer].out;
    }

    /// A model of `config` whose T5 biases are not the initial zeros (which would hide position).
    posenc::Model model_of(const posenc::ModelConfig& config)
    {
        auto model = posenc::make_model(config, 3);
        posenc::Random random(5);
        for (const auto& g : model.layout.groups)
            if (g.name.ends_with("t5Bias"))
                for (std::size_t i = 0; i < g.size(); ++i) model.parameters[g.offset + i] = random.normal();
        return model;
    }

    using posenc::test::largest_difference;
}

TEST_CASE("A layer without position gives the same output whatever positions its tokens carry", "[model][layer positions]")
{
    const auto scheme = GENERATE(Scheme::rope, Scheme::alibi, Scheme::t5);
    INFO(posenc::name_of(scheme));
    // 'last': layer 0 has no position, so permuting positions leaves its output as it was (to
    // rounding: the same sums in the same order give the same bits).
    const auto hybrid = model_of(two_layers(scheme, LayerPositions::last));
    CHECK(largest_difference(layer_out(hybrid, in_order, 0), layer_out(hybrid, shuffled, 0)) == 0.0);
    // ... and its positioned layer 1 does see them: the test can tell the two apart.
    CHECK(largest_difference(layer_out(hybrid, in_order, 1), layer_out(hybrid, shuffled, 1)) > 1e-6);
    // With the scheme in every layer, layer 0 sees the permutation too.
    const auto every = model_of(two_layers(scheme, LayerPositions::every));
    CHECK(largest_difference(layer_out(every, in_order, 0), layer_out(every, shuffled, 0)) > 1e-6);
}

TEST_CASE("A model with no position in its first layer keeps its T5 biases for the positioned layer only", "[model][layer positions]")
{
    const auto layout = posenc::model_layout(two_layers(Scheme::t5, LayerPositions::last));
    std::vector<std::string> names;
    for (const auto& group : layout.groups) names.push_back(group.name);
    CHECK(std::count(names.begin(), names.end(), "layer1.t5Bias") == 1);
    CHECK(std::count(names.begin(), names.end(), "layer0.t5Bias") == 0);
}

TEST_CASE("Only a scheme inside attention can leave a layer without it", "[model][layer positions][arguments]")
{
    for (const auto scheme : {Scheme::sinusoidal, Scheme::learned, Scheme::nope})
    {
        auto config = two_layers(scheme, LayerPositions::first);
        const auto problem = posenc::check_model_config(config);
        REQUIRE(problem);
        CHECK(problem->message()
              == "layerPositions must be 'every' for " + std::string(posenc::name_of(scheme))
                     + " (only 'rope', 'alibi' and 't5' act inside attention, so only they can skip a layer); got 'first'");
        config.layer_positions = LayerPositions::every;
        CHECK_FALSE(posenc::check_model_config(config));
    }
    CHECK_FALSE(posenc::check_model_config(two_layers(Scheme::rope, LayerPositions::last)));
}
