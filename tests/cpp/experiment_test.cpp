#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

#include "posenc/presets.hpp"

using posenc::Overflow;
using posenc::Scheme;
using posenc::Task;

namespace
{
    const posenc::ExperimentPreset& quick() { static const auto presets = posenc::experiment_presets(); return presets[0]; }
}

TEST_CASE("Copy-back answers are the token k positions back and recall answers the passkey", "[tasks]")
{
    posenc::Random random(3);
    posenc::TaskOptions copy{Task::copy_back, 3, 16, 8};
    const auto example = posenc::make_example(copy, 20, 0, random);
    REQUIRE(example.rows.size() == 17);  // rows 3 .. 19
    CHECK(example.rows.front() == 3);
    for (std::size_t i = 0; i < example.rows.size(); ++i) CHECK(example.targets[i] == example.tokens[example.rows[i] - 3]);
    posenc::TaskOptions recall{Task::recall_first, 3, 16, 8};
    const auto passkey = posenc::make_example(recall, 20, 5, random);
    CHECK(passkey.tokens[0] >= 16);
    CHECK(passkey.rows.size() == 5);
    for (std::size_t r = 1; r < 20; ++r) CHECK(passkey.tokens[r] < 16);
    for (auto target : passkey.targets) CHECK(target == passkey.tokens[0]);
}

TEST_CASE("Sampled rows are distinct, ascending and inside their range", "[tasks]")
{
    posenc::Random random(9);
    const auto [first, last, count] = GENERATE(table<std::size_t, std::size_t, std::size_t>({{0, 10, 3}, {5, 2048, 32}, {7, 9, 5}, {1, 100, 0}}));
    const auto rows = posenc::sample_rows(first, last, count, random);
    CHECK(rows.size() == (count == 0 ? last - first : std::min(count, last - first)));
    CHECK(std::is_sorted(rows.begin(), rows.end()));
    CHECK(std::adjacent_find(rows.begin(), rows.end()) == rows.end());
    for (auto r : rows) CHECK((r >= first && r < last));
}

TEST_CASE("Adam's first step moves every parameter by the learning rate against its gradient", "[adam]")
{
    std::vector<double> parameters{1.0, -2.0, 0.5};
    posenc::Adam adam(3, {0.1, 0.9, 0.999, 1e-8, 0});
    adam.update(parameters, {0.3, -4.0, 1e-3});  // bias-corrected m / sqrt(v) = sign(g) on step 1
    CHECK(parameters[0] == Approx(0.9).margin(1e-6));
    CHECK(parameters[1] == Approx(-1.9).margin(1e-6));
    CHECK(parameters[2] == Approx(0.4).margin(1e-4));
}

TEST_CASE("Training is deterministic for a seed", "[experiment]")
{
    auto options = posenc::preset_trainer(quick(), Scheme::rope, Task::copy_back, 5);
    options.model.trained_length = 12;
    posenc::Trainer a(options), b(options);
    for (int s = 0; s < 5; ++s) CHECK(a.step() == b.step());
    CHECK(a.model().parameters == b.model().parameters);
}

TEST_CASE("The quick preset teaches RoPE the copy-back task in distribution", "[experiment][learning]")
{
    posenc::Trainer trainer(posenc::preset_trainer(quick(), Scheme::rope, Task::copy_back, 1));
    for (std::int64_t s = 0; s < quick().steps; ++s) trainer.step();
    const auto result = trainer.evaluate(quick().evaluation);
    CHECK(result.in_distribution.accuracy >= 0.95);
}

TEST_CASE("A learned table under 'error' reports no row past L instead of a score", "[experiment][learned]")
{
    auto options = posenc::preset_trainer(quick(), Scheme::learned, Task::recall_first, 2);
    options.model.trained_length = 8;
    posenc::Trainer trainer(options);
    trainer.step();
    auto evaluation = quick().evaluation;
    evaluation.length = 24;
    evaluation.bucket_width = 4;
    evaluation.overflow = Overflow::error;
    const auto result = trainer.evaluate(evaluation);
    REQUIRE(result.buckets.size() == 6);
    CHECK(result.buckets[1].available);
    CHECK_FALSE(result.buckets[2].available);
    CHECK(std::isnan(result.buckets[5].score.accuracy));
    CHECK(std::isnan(result.beyond.accuracy));
    CHECK_THAT(result.unavailable, Catch::Matchers::Contains("no row 8"));
    CHECK(result.in_distribution.count == 8 * 7);  // rows 1..7 of 8 sequences
}

TEST_CASE("Every overflow policy scores the rows below L exactly as in distribution, except interpolate", "[experiment][learned]")
{
    auto options = posenc::preset_trainer(quick(), Scheme::learned, Task::copy_back, 2);
    options.model.trained_length = 8;
    posenc::Trainer trainer(options);
    for (int s = 0; s < 3; ++s) trainer.step();
    auto evaluation = quick().evaluation;
    evaluation.length = 32;
    evaluation.bucket_width = 8;
    const auto policy = GENERATE(Overflow::error, Overflow::clamp, Overflow::wrap, Overflow::window);
    evaluation.overflow = policy;
    const auto result = trainer.evaluate(evaluation);
    CHECK(result.buckets[0].score.accuracy == Approx(result.in_distribution.accuracy).margin(1e-12));
    CHECK(result.buckets[0].score.confidence == Approx(result.in_distribution.confidence).margin(1e-12));
}

TEST_CASE("Trainer options past the bounds are rejected before anything is allocated", "[experiment]")
{
    auto options = posenc::preset_trainer(quick(), Scheme::nope, Task::copy_back, 1);
    options.model.trained_length = 4096;  // every row asked: 2 x 4096^2 / 2 weights
    CHECK_THROWS_WITH(posenc::Trainer(options), Catch::Matchers::Contains("trainedLength"));
    options = posenc::preset_trainer(quick(), Scheme::nope, Task::copy_back, 1);
    options.model.vocabulary = 10;
    CHECK_THROWS_WITH(posenc::Trainer(options), Catch::Matchers::Contains("vocabulary"));
    options = posenc::preset_trainer(quick(), Scheme::nope, Task::copy_back, 1);
    options.warmup_length = -1;  // unused without warmup, but still a length one could start from
    CHECK_THROWS_WITH(posenc::Trainer(options), Catch::Matchers::StartsWith("warmupLength must be an integer from 0 to 32"));
}

TEST_CASE("Two layers evaluated at the longest length the limit allows score every row", "[experiment]")
{
    // check_evaluation counts the first layer's weights over all n rows; the asked rows are then
    // chunked so that both layers' weights stay under the limit (the chunks once counted the last
    // layer only, and a pass over a chunk was refused mid-evaluation).
    auto options = posenc::preset_trainer(quick(), Scheme::nope, Task::copy_back, 1);
    options.model.trained_length = 16;
    options.model.n_layers = 2;
    options.model.n_heads = 8;
    posenc::Trainer trainer(options);
    auto evaluation = quick().evaluation;
    evaluation.sequences = 1;
    evaluation.bucket_width = 256;
    evaluation.length = 1022;  // 8 x (1022 x 1023 / 2 + 1022) = 4,190,344 weights of 4,194,304
    REQUIRE_FALSE(posenc::check_evaluation(options, evaluation));
    evaluation.length = 1023;
    REQUIRE(posenc::check_evaluation(options, evaluation));
    evaluation.length = 1022;
    const auto result = trainer.evaluate(evaluation);
    std::int64_t scored = 0;
    for (const auto& bucket : result.buckets) scored += bucket.score.count;
    CHECK(scored == 1022 - 3);  // every row from the copy offset on
}

TEST_CASE("An evaluation split into parts adds up to the evaluation in one call", "[experiment]")
{
    auto options = posenc::preset_trainer(quick(), Scheme::sinusoidal, Task::copy_back, 2);
    options.model.trained_length = 8;
    posenc::Trainer trainer(options);
    for (int s = 0; s < 3; ++s) trainer.step();
    auto whole = quick().evaluation;
    whole.length = 24;
    whole.sequences = 4;
    auto part = whole;
    part.sequences = 2;
    const auto all = trainer.evaluate(whole);
    const auto first = trainer.evaluate(part);
    part.first_sequence = 2;
    const auto second = trainer.evaluate(part);
    for (std::size_t b = 0; b < all.buckets.size(); ++b)
    {
        const auto& [x, y, z] = std::tie(all.buckets[b].score, first.buckets[b].score, second.buckets[b].score);
        CHECK(x.count == y.count + z.count);
        CHECK(x.accuracy * static_cast<double>(x.count) == Approx(y.accuracy * static_cast<double>(y.count) + z.accuracy * static_cast<double>(z.count)).margin(1e-9));
    }
}
