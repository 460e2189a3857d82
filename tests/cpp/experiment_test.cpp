#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <tuple>

#include "posenc/presets.hpp"

using posenc::Overflow;
using posenc::Scheme;
using posenc::Task;

namespace
{
    const posenc::ExperimentPreset& quick()
    {
        static const auto presets = posenc::experiment_presets();
        return presets[0];
    }

    /// The quick preset's trainer for a scheme and task, shortened to `trained_length`.
    posenc::TrainerOptions small_options(Scheme scheme, Task task, std::uint64_t seed, std::int64_t trained_length = 8)
    {
        auto options = posenc::preset_trainer(quick(), scheme, task, seed);
        options.model.trained_length = trained_length;
        return options;
    }

    /// A small trainer after `steps` steps, and the quick preset's evaluation asked up to `length`.
    struct SmallRun
    {
        posenc::Trainer trainer;
        posenc::EvaluationOptions evaluation;

        SmallRun(Scheme scheme, Task task, int steps, std::int64_t length)
            : trainer(small_options(scheme, task, 2)), evaluation(quick().evaluation)
        {
            for (int s = 0; s < steps; ++s) trainer.step();
            evaluation.length = length;
        }
    };
}

TEST_CASE("Training is deterministic for a seed", "[experiment]")
{
    const auto options = small_options(Scheme::rope, Task::copy_back, 5, 12);
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
    SmallRun run(Scheme::learned, Task::recall_first, 1, 24);
    run.evaluation.bucket_width = 4;
    run.evaluation.overflow = Overflow::error;
    const auto result = run.trainer.evaluate(run.evaluation);
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
    SmallRun run(Scheme::learned, Task::copy_back, 3, 32);
    run.evaluation.bucket_width = 8;
    run.evaluation.overflow = GENERATE(Overflow::error, Overflow::clamp, Overflow::wrap, Overflow::window);
    const auto result = run.trainer.evaluate(run.evaluation);
    CHECK(result.buckets[0].score.accuracy == Approx(result.in_distribution.accuracy).margin(1e-12));
    CHECK(result.buckets[0].score.confidence == Approx(result.in_distribution.confidence).margin(1e-12));
}

TEST_CASE("Trainer options past the bounds are rejected before anything is allocated", "[experiment][arguments]")
{
    using Catch::Matchers::Contains;
    auto options = small_options(Scheme::nope, Task::copy_back, 1, 32);
    SECTION("a sequence whose attention weights pass the limit")
    {
        options.model.trained_length = 4096;  // every row asked: 2 x 4096^2 / 2 weights
        CHECK_THROWS_WITH(posenc::Trainer(options), Contains("trainedLength"));
    }
    SECTION("a vocabulary too small for the task's tokens")
    {
        options.model.vocabulary = 10;
        CHECK_THROWS_WITH(posenc::Trainer(options), Contains("vocabulary"));
    }
    SECTION("a warmup length, unused without warmup but still one a warmup could start from")
    {
        options.warmup_length = -1;
        CHECK_THROWS_WITH(posenc::Trainer(options), Catch::Matchers::StartsWith("warmupLength must be an integer from 0 to 32"));
    }
}

TEST_CASE("Two layers evaluated at the longest length the limit allows score every row", "[experiment]")
{
    // check_evaluation counts the first layer's weights over all n rows; the asked rows are then
    // chunked so that both layers' weights stay under the limit (the chunks once counted the last
    // layer only, and a pass over a chunk was refused mid-evaluation).
    auto options = small_options(Scheme::nope, Task::copy_back, 1, 16);
    options.model.n_layers = 2;
    options.model.n_heads = 8;
    posenc::Trainer trainer(options);
    auto evaluation = quick().evaluation;
    evaluation.sequences = 1;
    evaluation.bucket_width = 256;
    evaluation.length = 1023;
    REQUIRE(posenc::check_evaluation(options.model, evaluation));
    evaluation.length = 1022;  // 8 x (1022 x 1023 / 2 + 1022) = 4,190,344 weights of 4,194,304
    REQUIRE_FALSE(posenc::check_evaluation(options.model, evaluation));
    const auto result = trainer.evaluate(evaluation);
    std::int64_t scored = 0;
    for (const auto& bucket : result.buckets) scored += bucket.score.count;
    CHECK(scored == 1022 - 3);  // every row from the copy offset on
}

TEST_CASE("An evaluation split into parts adds up to the evaluation in one call", "[experiment]")
{
    SmallRun run(Scheme::sinusoidal, Task::copy_back, 3, 24);
    auto whole = run.evaluation;
    whole.sequences = 4;
    auto part = whole;
    part.sequences = 2;
    const auto all = run.trainer.evaluate(whole);
    const auto first = run.trainer.evaluate(part);
    part.first_sequence = 2;
    const auto second = run.trainer.evaluate(part);
    for (std::size_t b = 0; b < all.buckets.size(); ++b)
    {
        const auto& [x, y, z] = std::tie(all.buckets[b].score, first.buckets[b].score, second.buckets[b].score);
        CHECK(x.count == y.count + z.count);
        // Sums of at most 4 x 24 zeros and ones, exact in double; the means carry 1 ulp each.
        CHECK(x.accuracy * static_cast<double>(x.count)
              == Approx(y.accuracy * static_cast<double>(y.count) + z.accuracy * static_cast<double>(z.count)).margin(1e-9));
    }
}

TEST_CASE("Warmup grows the training length from its start to L over its steps", "[experiment]")
{
    auto options = small_options(Scheme::nope, Task::copy_back, 1, 32);
    options.warmup_steps = 4;
    options.warmup_length = 8;
    posenc::Trainer trainer(options);
    // (step / warmup_steps)^2 of the way: 8, 8 + 24/16, 8 + 24/4, 8 + 24 x 9/16, then L.
    for (std::size_t expected : {8, 10, 14, 22, 32, 32})
    {
        CHECK(trainer.training_length() == expected);
        trainer.step();
    }
}

TEST_CASE("The quick and seed-story presets train exactly as they always have", "[experiment][presets]")
{
    // The README and the page quote these presets' results, and new trainer options must not move
    // them: the first two losses of each scheme and task, seed 1, bit for bit (g++ -O3, x86-64).
    const auto presets = posenc::experiment_presets();
    const auto [preset, scheme, task, first, second] = GENERATE(table<std::size_t, Scheme, Task, double, double>({
        {0, Scheme::learned, Task::copy_back, 0x1.d7b17ac17137p+1, 0x1.b90108b799c5cp+1},
        {0, Scheme::sinusoidal, Task::recall_first, 0x1.2972800992e01p+2, 0x1.08c18ca1bb09bp+2},
        {0, Scheme::rope, Task::copy_back, 0x1.d3d642f9f383ap+1, 0x1.b7c19a8197a58p+1},
        {0, Scheme::alibi, Task::recall_first, 0x1.dd82e269caaap+1, 0x1.b192fea8d09bep+1},
        {0, Scheme::t5, Task::copy_back, 0x1.d79a99bae399p+1, 0x1.b9210bf0f522p+1},
        {0, Scheme::nope, Task::recall_first, 0x1.d9365ba0b916p+1, 0x1.ae1549ba174f3p+1},
        {1, Scheme::learned, Task::recall_first, 0x1.e6b43d8af6e92p+1, 0x1.a96feb68767b8p+1},
        {1, Scheme::sinusoidal, Task::copy_back, 0x1.12fe54e573ee1p+2, 0x1.d7595028cfe5cp+1},
        {1, Scheme::rope, Task::recall_first, 0x1.eae9b0e852025p+1, 0x1.ae867f8a16b1bp+1},
        {1, Scheme::alibi, Task::copy_back, 0x1.e0c8c642be65cp+1, 0x1.bce6be15509ap+1},
        {1, Scheme::t5, Task::recall_first, 0x1.e6dd3c6c32209p+1, 0x1.aa6d506b2e1d8p+1},
        {1, Scheme::nope, Task::copy_back, 0x1.e0392a8f9fa0ep+1, 0x1.bc82a70676309p+1},
    }));
    CAPTURE(presets[preset].name, posenc::name_of(scheme), posenc::name_of(task));
    posenc::Trainer trainer(posenc::preset_trainer(presets[preset], scheme, task, 1));
    CHECK(trainer.step() == first);
    CHECK(trainer.step() == second);
}

TEST_CASE("The window phase trains short windows first, then the length warmup and L follow", "[experiment]")
{
    auto options = small_options(Scheme::learned, Task::copy_back, 1, 32);
    options.window_steps = 2;
    options.window_length = 6;
    options.window_batch = 3;
    options.warmup_steps = 2;
    options.warmup_length = 8;
    posenc::Trainer trainer(options);
    // Windows of 6 for two steps, then (step / warmup_steps)^2 of the way from 8 to 32, then L.
    for (std::size_t expected : {6, 6, 8, 14, 32, 32})
    {
        CHECK(trainer.in_window_phase() == (expected == 6));
        CHECK(trainer.training_length() == expected);
        trainer.step();
    }
}

TEST_CASE("Window starts cover the first and last rows as often as the middle, none more than twice as often", "[experiment]")
{
    constexpr std::size_t trained = 40, length = 8, draws = 200000;
    posenc::Random random(6);
    std::vector<double> covered(trained, 0.0);
    for (std::size_t i = 0; i < draws; ++i)
    {
        const auto start = posenc::detail::window_start(trained, length, random);
        REQUIRE(start + length <= trained);
        for (std::size_t row = start; row < start + length; ++row) covered[row] += 1.0 / draws;
    }
    // Each row: w / (L + w - 1) of the windows in the middle and at both ends, up to twice that
    // next to an end. 200,000 draws: a standard error of about 0.0007 on each share.
    const double middle = static_cast<double>(length) / (trained + length - 1);
    for (std::size_t row : {std::size_t{0}, trained / 2, trained - 1}) CHECK(covered[row] == Approx(middle).margin(0.004));
    for (double share : covered) CHECK((share > middle - 0.004 && share < 2 * middle));
}

TEST_CASE("The window phase trains every row of a learned table", "[experiment][learned]")
{
    // A row gets a gradient only inside a window; Adam then keeps moving it (its moments decay),
    // so a row that moved in the last step was reached at some point.
    auto options = small_options(Scheme::learned, Task::copy_back, 3, 40);
    options.window_steps = 100;
    options.window_length = 8;
    options.window_batch = 2;
    posenc::Trainer trainer(options);
    const auto fresh = trainer.model().parameters;
    for (int s = 0; s < 100; ++s) trainer.step();
    const auto& table = trainer.model().layout.groups[trainer.model().layout.position_table];
    for (std::size_t row = 0; row < 40; ++row)
    {
        CAPTURE(row);
        CHECK(trainer.model().parameters[table.offset + row * table.cols] != fresh[table.offset + row * table.cols]);
    }
}

TEST_CASE("Window-phase sizes outside their bounds are refused, naming them", "[experiment][arguments]")
{
    using Catch::Matchers::StartsWith;
    auto options = small_options(Scheme::learned, Task::copy_back, 1, 32);
    options.window_steps = 10;
    options.window_batch = 4;
    options.window_length = 3;  // copy back needs a row 3 back: 4 tokens at the least
    CHECK_THAT(posenc::check_trainer_options(options)->message(), StartsWith("windowLength must be an integer from 4 to 32"));
    options.window_length = 8;
    options.window_batch = 0;
    CHECK_THAT(posenc::check_trainer_options(options)->message(), StartsWith("windowBatch must be an integer from 1 to 256"));
    options.window_steps = 0;  // unused, but still in range
    CHECK_FALSE(posenc::check_trainer_options(options));
    options.window_steps = -1;
    CHECK_THAT(posenc::check_trainer_options(options)->message(), StartsWith("windowSteps must be an integer from 0 to"));
}

TEST_CASE("A model evaluated from its parameters scores what its trainer scores", "[experiment]")
{
    SmallRun run(Scheme::t5, Task::copy_back, 3, 24);
    const auto& trained = run.trainer.model();
    const auto loaded = posenc::model_with_parameters(trained.config, trained.parameters);
    const auto direct = posenc::evaluate_model(loaded, run.trainer.options().task, run.evaluation);
    const auto through = run.trainer.evaluate(run.evaluation);
    CHECK(direct.in_distribution.accuracy == through.in_distribution.accuracy);
    CHECK(direct.beyond.confidence == through.beyond.confidence);
    REQUIRE(direct.buckets.size() == through.buckets.size());
    for (std::size_t b = 0; b < direct.buckets.size(); ++b) CHECK(direct.buckets[b].score.count == through.buckets[b].score.count);
}
