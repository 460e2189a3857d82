#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "largest_difference.hpp"
#include "posenc/extension.hpp"
#include "posenc/presets.hpp"

using posenc::Model;
using posenc::ModelConfig;
using posenc::RopeScalingKind;
using posenc::Scheme;

namespace
{
    ModelConfig rope_config()
    {
        ModelConfig config;
        config.scheme = Scheme::rope;
        config.vocabulary = 24;
        config.d_model = 8;
        config.n_heads = 2;
        config.trained_length = 16;
        return config;
    }

    /// Probabilities at every row of tokens 0..n-1 (cycled) at `positions`.
    std::vector<double> probabilities(const Model& model, const std::vector<double>& positions)
    {
        std::vector<std::int32_t> tokens(positions.size());
        std::vector<std::size_t> rows(positions.size());
        for (std::size_t i = 0; i < tokens.size(); ++i)
        {
            tokens[i] = static_cast<std::int32_t>((7 * i + 3) % 16);
            rows[i] = i;
        }
        return posenc::model_forward(model, {tokens, positions, rows, posenc::Overflow::clamp, 0}).probabilities;
    }

    std::vector<double> counting(std::size_t n, double step = 1)
    {
        std::vector<double> positions(n);
        for (std::size_t i = 0; i < n; ++i) positions[i] = step * static_cast<double>(i);
        return positions;
    }

    using posenc::test::largest_difference;
}

TEST_CASE("With s = 1 every extension scaling asks the model exactly as none does", "[extension]")
{
    const auto kind = GENERATE(from_range(posenc::extension_kinds));
    INFO(posenc::name_of(kind));
    const auto plain = posenc::make_model(rope_config(), 3);
    auto config = rope_config();
    config.rope_scaling = posenc::extension_scaling(kind, 16, 16);
    const auto scaled = posenc::model_with_parameters(config, plain.parameters);
    // 40 tokens, past L. Dynamic NTK is the exception there: its base grows with n / L even at s = 1
    // (HF's s n / L - (s - 1)), so it is held to sequences of at most L. Sums of the same terms: 1e-12.
    const std::size_t n = kind == RopeScalingKind::dynamic ? 16 : 40;
    CHECK(largest_difference(probabilities(scaled, counting(n)), probabilities(plain, counting(n))) < 1e-12);
}

TEST_CASE("PI asks position p exactly where the unscaled model sits at p / s", "[extension]")
{
    const auto plain = posenc::make_model(rope_config(), 4);
    const auto pi = posenc::scaled_model(rope_config(), plain.parameters, RopeScalingKind::pi, 64);
    REQUIRE(pi.config.rope_scaling.factor == 4.0);
    for (std::size_t i = 0; i < plain.theta.size(); ++i) CHECK(pi.theta[i] == plain.theta[i] / 4);
    // Positions are whole, so ask PI at 4p and the plain model at p: with s = 4 a power of two,
    // 4p (theta / 4) is p theta to the last bit, and so is every probability.
    CHECK(probabilities(pi, counting(64, 4)) == probabilities(plain, counting(64)));
}

TEST_CASE("Dynamic NTK leaves a sequence of at most L tokens as none does, and changes a longer one", "[extension]")
{
    const auto plain = posenc::make_model(rope_config(), 5);
    const auto dynamic = posenc::scaled_model(rope_config(), plain.parameters, RopeScalingKind::dynamic, 128);
    for (std::size_t n : {1u, 9u, 16u}) CHECK(probabilities(dynamic, counting(n)) == probabilities(plain, counting(n)));
    CHECK(largest_difference(probabilities(dynamic, counting(40)), probabilities(plain, counting(40))) > 1e-6);
    // At n = T = s L its base is base (s n / L - (s - 1))^(D/(D-2)) = base (s^2 - s + 1)^2 for s = 8 and
    // head dim D = 4: the plain model with that base. pow() roundings apart: 1e-9.
    auto wide = rope_config();
    wide.base = 10000.0 * 57.0 * 57.0;
    const auto rebased = posenc::model_with_parameters(wide, plain.parameters);
    CHECK(largest_difference(probabilities(dynamic, counting(128)), probabilities(rebased, counting(128))) < 1e-9);
}

TEST_CASE("A fine-tune starts from the given parameters, trains at T with the scaling, and is asked at L", "[extension]")
{
    const auto trained = posenc::make_model(rope_config(), 6);
    const posenc::TaskOptions task{posenc::Task::copy_back, 3, 16, 8, 64};
    auto preset = posenc::extension_presets()[2];
    preset.target_length = 64;
    preset.queries_per_sequence = 8;
    const auto options = posenc::finetune_options(rope_config(), task, RopeScalingKind::yarn, preset, 1);
    CHECK(options.model.trained_length == 64);
    CHECK(options.model.rope_scaling.factor == 4.0);
    CHECK(options.model.rope_scaling.trained_length == 16);
    posenc::Trainer trainer(options, trained.parameters);
    CHECK(trainer.model().parameters == trained.parameters);
    CHECK(trainer.training_length() == 64);
    trainer.step();
    CHECK(trainer.model().parameters != trained.parameters);
    const auto asked = posenc::finetuned_model(trainer, 16);
    CHECK(asked.config.trained_length == 16);
    CHECK(asked.config.rope_scaling.kind == RopeScalingKind::yarn);
    CHECK(asked.parameters == trainer.model().parameters);
}

TEST_CASE("Extension settings refuse a target that does not extend the model", "[extension][arguments]")
{
    const auto trained = posenc::make_model(rope_config(), 6);
    CHECK_THROWS_WITH(posenc::scaled_model(rope_config(), trained.parameters, RopeScalingKind::pi, 16),
                      Catch::Matchers::StartsWith("targetLength must be"));
    CHECK(posenc::check_target_length(16, 16385));
    CHECK_FALSE(posenc::check_target_length(2048, 16384));
}

TEST_CASE("Every extension preset's evaluation reaches its target and its fine-tune fits one call", "[extension]")
{
    for (const auto& preset : posenc::extension_presets())
    {
        INFO(posenc::name_of(preset.experiment) << " " << preset.name);
        CHECK(preset.evaluation.length == preset.target_length);
        CHECK_FALSE(posenc::check_target_length(2048, preset.target_length));
        CHECK((preset.experiment == posenc::ExtensionExperiment::finetune) == (preset.steps > 0));
        if (preset.steps == 0) continue;
        // The shipped RoPE model's shape (positionModels, L = 2,048), fine-tuned with every kind.
        const auto shipped = posenc::preset_trainer(posenc::experiment_presets()[2], Scheme::rope, posenc::Task::copy_back, 1);
        for (const auto kind : posenc::extension_kinds)
            CHECK_FALSE(posenc::check_trainer_options(posenc::finetune_options(shipped.model, shipped.task, kind, preset, 1)));
    }
}
