#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "posenc/grid_presets.hpp"

using posenc::Scheme;
using posenc::Task;

namespace
{
    posenc::TrainerOptions passkey_trainer(Scheme scheme)
    {
        posenc::TrainerOptions options;
        options.model = {scheme, 24, 16, 2, 1, 0, 16, 40};
        options.task.task = Task::passkey;
        options.batch_size = 4;
        options.adam.learning_rate = 1e-2;
        return options;
    }

    posenc::PasskeyGridOptions small_grid()
    {
        posenc::PasskeyGridOptions grid;
        grid.depths = {0, 0.5, 1};
        grid.lengths = {4, 16, 40};
        grid.sequences = 3;
        return grid;
    }
}

TEST_CASE("A passkey grid has a cell per depth and length, each scored on every sequence", "[passkey grid]")
{
    posenc::Trainer trainer(passkey_trainer(Scheme::rope));
    for (int s = 0; s < 5; ++s) trainer.step();
    const auto grid = posenc::passkey_grid(trainer.model(), trainer.options().task, small_grid());
    CHECK(grid.depths == std::vector<double>{0, 0.5, 1});
    CHECK(grid.lengths == std::vector<std::int64_t>{4, 16, 40});
    REQUIRE(grid.accuracy.size() == 9);
    REQUIRE(grid.confidence.size() == 9);
    for (std::size_t c = 0; c < 9; ++c)
    {
        CHECK(grid.count[c] == 3);
        // Accuracy is a share of 3 sequences; confidence a mean of largest probabilities (>= 1/24).
        CHECK(std::fabs(grid.accuracy[c] * 3 - std::round(grid.accuracy[c] * 3)) < 1e-12);
        CHECK((grid.confidence[c] >= 1.0 / 24 && grid.confidence[c] <= 1));
    }
}

TEST_CASE("A grid split into parts by sequence adds up to the grid in one call", "[passkey grid]")
{
    posenc::Trainer trainer(passkey_trainer(Scheme::alibi));
    for (int s = 0; s < 5; ++s) trainer.step();
    auto options = small_grid();
    const auto whole = posenc::passkey_grid(trainer.model(), trainer.options().task, options);
    std::vector<double> correct(9, 0.0), confident(9, 0.0);
    for (std::int64_t first = 0; first < 3; ++first)
    {
        options.first_sequence = first;
        options.sequences = 1;
        const auto part = posenc::passkey_grid(trainer.model(), trainer.options().task, options);
        for (std::size_t c = 0; c < 9; ++c)
        {
            correct[c] += part.accuracy[c];
            confident[c] += part.confidence[c];
        }
    }
    for (std::size_t c = 0; c < 9; ++c)
    {
        CHECK(correct[c] / 3 == Approx(whole.accuracy[c]).margin(1e-12));
        CHECK(confident[c] / 3 == Approx(whole.confidence[c]).margin(1e-12));
    }
}

TEST_CASE("A learned table under 'error' leaves the cells past L empty and scores the rest", "[passkey grid][learned]")
{
    posenc::Trainer trainer(passkey_trainer(Scheme::learned));
    trainer.step();
    auto options = small_grid();
    options.overflow = posenc::Overflow::error;
    const auto grid = posenc::passkey_grid(trainer.model(), trainer.options().task, options);
    for (std::size_t i = 0; i < 3; ++i)
    {
        CHECK(grid.count[i * 3 + 1] == 3);  // 16 = L
        CHECK(grid.count[i * 3 + 2] == 0);  // 40 > L
        CHECK(std::isnan(grid.accuracy[i * 3 + 2]));
    }
}

TEST_CASE("The quick passkey preset teaches RoPE to find the key at every depth up to L", "[passkey grid][learning]")
{
    const auto presets = posenc::grid_presets();
    const auto& quick = presets[0];
    REQUIRE(quick.experiment == posenc::GridExperiment::passkey);
    posenc::Trainer trainer(posenc::grid_trainer(quick, {Scheme::rope}, 1));
    for (std::int64_t s = 0; s < quick.steps; ++s) trainer.step();
    const auto grid = posenc::passkey_grid(trainer.model(), quick.trainer.task, quick.grid);
    const std::size_t lengths = grid.lengths.size();
    REQUIRE(grid.lengths[2] == quick.trainer.model.trained_length);
    for (std::size_t i = 0; i < grid.depths.size(); ++i) CHECK(grid.accuracy[i * lengths + 2] == 1.0);
}

TEST_CASE("Grid arguments outside their bounds are refused, naming them", "[passkey grid][arguments]")
{
    const posenc::ModelConfig model{Scheme::rope, 24, 16, 2, 1, 0, 16, 40};
    auto options = small_grid();
    options.depths = {0, -0.1};
    CHECK(posenc::check_passkey_grid(model, options)->message() == "depths[1] must be a number from 0 to 1; got -0.1");
    options.depths = {};
    CHECK(posenc::check_passkey_grid(model, options)->message() == "depths.length must be an integer from 1 to 64; got 0");
    options = small_grid();
    options.lengths = {4, 4};
    CHECK(posenc::check_passkey_grid(model, options)->message() == "lengths[1] must be an integer from 5 to 16384 (lengths ascend); got 4");
    options.lengths = {1};
    CHECK(posenc::check_passkey_grid(model, options)->message() == "lengths[0] must be an integer from 2 to 16384; got 1");
    options = small_grid();
    options.sequences = 0;
    CHECK(posenc::check_passkey_grid(model, options)->message() == "sequences must be an integer from 1 to 256; got 0");
    posenc::TaskOptions copy;
    CHECK(posenc::check_passkey_task(copy)->message() == "task must be 'passkey' (the grid asks the last row for the key); got 'copyBack'");
    posenc::TaskOptions passkey;
    passkey.task = Task::passkey;
    CHECK(posenc::check_bucket_task(passkey)->message()
          == "task must be a task asked at every position (score 'passkey' with a passkey grid); got 'passkey'");
}

TEST_CASE("Every grid preset trains and scores within the bounds, with RoPE's base scaled as Llama 2's", "[passkey grid][presets]")
{
    for (const auto& preset : posenc::grid_presets())
    {
        INFO(posenc::name_of(preset.experiment) << " " << preset.name);
        const auto trained = preset.trainer.model.trained_length;
        CHECK(preset.trainer.model.base == Approx(10000.0 * static_cast<double>(trained) / 4096).epsilon(1e-15));
        for (const auto& run : preset.runs)
        {
            const auto options = posenc::grid_trainer(preset, run, 1);
            CHECK_FALSE(posenc::check_trainer_options(options));
            if (preset.experiment == posenc::GridExperiment::passkey) CHECK_FALSE(posenc::check_passkey_grid(options.model, preset.grid));
            else CHECK_FALSE(posenc::check_evaluation(options.model, preset.evaluation));
        }
        if (preset.experiment == posenc::GridExperiment::passkey)
            CHECK(preset.grid.lengths
                  == std::vector<std::int64_t>{trained / 4, trained / 2, trained, 2 * trained, 4 * trained, 8 * trained});
        else CHECK(preset.evaluation.length == 8 * trained);
    }
}
