#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "posenc/model_probe.hpp"
#include "posenc/presets.hpp"

using posenc::Overflow;
using posenc::Scheme;
using posenc::Task;

namespace
{
    /// A small model of `scheme` after a few quick-preset steps at L = 16 (trained enough that its
    /// rows differ from a fresh model's, which is all these tests need).
    posenc::Trainer small_trainer(Scheme scheme, Task task)
    {
        auto options = posenc::preset_trainer(posenc::experiment_presets()[0], scheme, task, 4);
        options.model.trained_length = 16;
        posenc::Trainer trainer(options);
        for (int s = 0; s < 3; ++s) trainer.step();
        return trainer;
    }
}

TEST_CASE("A probe reports the pass over the seeded sequence: weights, answer, prediction, confidence", "[probe]")
{
    const auto scheme = GENERATE(Scheme::sinusoidal, Scheme::learned, Scheme::rope, Scheme::alibi, Scheme::t5, Scheme::nope);
    const auto task = GENERATE(Task::copy_back, Task::last_marker);
    const auto trainer = small_trainer(scheme, task);
    const auto& model = trainer.model();
    const auto& options = trainer.options().task;
    const std::int64_t p = 40;  // past L = 16
    const auto probe = posenc::probe_model(model, options, {p, 9, Overflow::clamp});

    // The same pass by hand: the sequence of p + 1 tokens from the seed, row p asked.
    posenc::Random random(9);
    const auto tokens = posenc::make_tokens(options, p + 1, random);
    std::vector<double> positions(p + 1);
    std::iota(positions.begin(), positions.end(), 0.0);
    const std::size_t row = p;
    const auto pass = posenc::model_forward(model, {tokens, positions, {&row, 1}, Overflow::clamp, static_cast<double>(p + 1)});

    REQUIRE(probe.heads == 2);
    REQUIRE(probe.keys == p + 1);
    CHECK(probe.weights == pass.layers.back().weights);
    for (std::size_t h = 0; h < probe.heads; ++h)
        CHECK(std::accumulate(probe.weights.begin() + h * probe.keys, probe.weights.begin() + (h + 1) * probe.keys, 0.0)
              == Approx(1.0).margin(1e-12));
    CHECK(probe.answer_position == posenc::answer_position(options, tokens, p));
    CHECK(probe.answer == tokens[probe.answer_position]);
    const auto best = std::max_element(pass.probabilities.begin(), pass.probabilities.end());
    CHECK(probe.prediction == best - pass.probabilities.begin());
    CHECK(probe.confidence == *best);
    CHECK(probe.answer_probability == pass.probabilities[static_cast<std::size_t>(probe.answer)]);
    CHECK(probe.confidence >= probe.answer_probability);
}

TEST_CASE("A learned table under 'window' reads only the last L tokens, and the dropped keys weigh 0", "[probe][learned]")
{
    const auto trainer = small_trainer(Scheme::learned, Task::copy_back);
    const auto& model = trainer.model();
    const std::int64_t p = 50;  // keys 35 .. 50 are the last 16
    const auto probe = posenc::probe_model(model, trainer.options().task, {p, 2, Overflow::window});

    posenc::Random random(2);
    const auto tokens = posenc::make_tokens(trainer.options().task, p + 1, random);
    const std::vector<std::int32_t> last(tokens.end() - 16, tokens.end());
    std::vector<double> positions(16);
    std::iota(positions.begin(), positions.end(), 0.0);
    const std::size_t row = 15;
    const auto pass = posenc::model_forward(model, {last, positions, {&row, 1}, Overflow::error, 16});
    for (std::size_t h = 0; h < 2; ++h)
    {
        for (std::size_t j = 0; j < 35; ++j) CHECK(probe.weights[h * 51 + j] == 0.0);
        for (std::size_t j = 0; j < 16; ++j) CHECK(probe.weights[h * 51 + 35 + j] == pass.layers.back().weights[h * 16 + j]);
    }
    CHECK(probe.answer_position == 47);
}

TEST_CASE("A probe refuses what has no answer or no row, naming the argument", "[probe][arguments]")
{
    using Catch::Matchers::StartsWith;
    const auto learned = small_trainer(Scheme::learned, Task::copy_back);
    const auto& task = learned.options().task;
    // Nothing sits 3 back of position 2.
    CHECK_THROWS_WITH(posenc::probe_model(learned.model(), task, {2, 1, Overflow::clamp}),
                      StartsWith("queryPosition must be an integer from 3 to 65536"));
    CHECK_THROWS_WITH(posenc::probe_model(learned.model(), task, {65537, 1, Overflow::clamp}),
                      StartsWith("queryPosition must be an integer from 3 to 65536"));
    // 'error': the table has rows 0 .. 15 only.
    CHECK_THROWS_WITH(posenc::probe_model(learned.model(), task, {16, 1, Overflow::error}),
                      "queryPosition must be below trainedLength 16 with overflow 'error': the learned table has rows 0..15 and no row 16 "
                      "exists; got 16");
    // Two layers: the first attends from every row, so the weights' limit caps p.
    auto options = learned.options();
    options.model.n_layers = 2;
    const posenc::Trainer deep(options);
    CHECK_THROWS_WITH(posenc::probe_model(deep.model(), task, {5000, 1, Overflow::clamp}),
                      StartsWith("queryPosition must be small enough that a pass keeps at most 4194304 attention weights"));
    CHECK_NOTHROW(posenc::probe_model(learned.model(), task, {15, 1, Overflow::error}));
}

TEST_CASE("A probe at the largest position reads 65,537 tokens", "[probe]")
{
    const auto trainer = small_trainer(Scheme::alibi, Task::last_marker);
    const auto probe = posenc::probe_model(trainer.model(), trainer.options().task, {posenc::limits::max_position, 3, Overflow::clamp});
    CHECK(probe.keys == 65537);
    CHECK(probe.weights.size() == 2 * 65537);
}

TEST_CASE("Parameters load only when they fill the model's layout with finite numbers", "[probe][arguments]")
{
    using Catch::Matchers::StartsWith;
    const auto trainer = small_trainer(Scheme::t5, Task::copy_back);
    const auto& config = trainer.model().config;
    auto parameters = trainer.model().parameters;
    const auto loaded = posenc::model_with_parameters(config, parameters);
    CHECK(loaded.parameters == parameters);
    CHECK(loaded.layout.total == parameters.size());

    parameters.pop_back();
    CHECK_THAT(posenc::check_model_parameters(config, parameters)->message(),
               StartsWith("parameters.length must be " + std::to_string(parameters.size() + 1)));
    parameters.push_back(std::numeric_limits<double>::quiet_NaN());
    CHECK_THAT(posenc::check_model_parameters(config, parameters)->message(),
               StartsWith("parameters[" + std::to_string(parameters.size() - 1) + "] must be a finite number; got NaN"));
    auto rope = config;
    rope.scheme = Scheme::rope;  // no T5 biases: a different length
    CHECK(posenc::check_model_parameters(rope, trainer.model().parameters));
}

TEST_CASE("A RoPE model asked with a scaling rotates by the scaled frequencies, and YaRN sharpens its scores", "[probe][rope]")
{
    const auto trainer = small_trainer(Scheme::rope, Task::copy_back);
    const auto& trained = trainer.model();
    const auto& task = trainer.options().task;
    const posenc::ProbeOptions at{60, 5, Overflow::clamp};
    auto with = [&](posenc::RopeScalingKind kind) {
        auto config = trained.config;
        config.rope_scaling = {kind, 60.0 / 15.0, 16};
        return posenc::model_with_parameters(config, trained.parameters);
    };
    SECTION("NTK-aware: the frequencies rope_frequencies gives, and other weights than without")
    {
        const auto ntk = with(posenc::RopeScalingKind::ntk);
        CHECK(ntk.theta
              == posenc::rope_frequencies(trained.config.d_model / trained.config.n_heads,
                                          {trained.config.base, posenc::RopePairing::interleaved, ntk.config.rope_scaling}));
        CHECK(posenc::probe_model(ntk, task, at).weights != posenc::probe_model(trained, task, at).weights);
    }
    SECTION("YaRN: scores times the attention factor squared, over YaRN's frequencies")
    {
        const auto yarn = with(posenc::RopeScalingKind::yarn);
        auto plain = posenc::model_with_parameters(trained.config, trained.parameters);
        plain.theta = yarn.theta;  // the same rotation, without the factor
        const auto sharpened = posenc::probe_model(yarn, task, at).weights;
        const auto unsharpened = posenc::probe_model(plain, task, at).weights;
        const double factor = posenc::rope_attention_factor(yarn.config.rope_scaling);
        // log w_j - log w_0 is the score difference, so it scales by factor^2.
        for (std::size_t j : {1, 17, 40, 60})
            CHECK(std::log(sharpened[j] / sharpened[0])
                  == Approx(factor * factor * std::log(unsharpened[j] / unsharpened[0])).epsilon(1e-9));
    }
    SECTION("training takes a scaling (a fine-tune applies it in every pass)")
    {
        auto options = trainer.options();
        options.model.rope_scaling = {posenc::RopeScalingKind::pi, 2.0, 16};
        CHECK_FALSE(posenc::check_trainer_options(options));
        options.model.rope_scaling = {posenc::RopeScalingKind::pi, 0.5, 16};
        CHECK_THAT(posenc::check_model_config(options.model)->message(),
                   Catch::Matchers::StartsWith("scaling.factor must be a number from 1"));
    }
}
