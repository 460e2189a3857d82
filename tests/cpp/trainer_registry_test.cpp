#include <catch2/catch.hpp>

#include <vector>

#include "posenc/presets.hpp"
#include "posenc/trainer_registry.hpp"

using Catch::Matchers::Contains;

namespace
{
    posenc::TrainerOptions tiny()
    {
        auto options = posenc::preset_trainer(posenc::experiment_presets()[0], posenc::Scheme::nope, posenc::Task::copy_back, 1);
        options.model.trained_length = 8;
        return options;
    }
}

TEST_CASE("The registry holds trainers by id until they are disposed", "[registry]")
{
    posenc::TrainerRegistry registry;
    const auto first = registry.create(tiny());
    const auto second = registry.create(tiny());
    CHECK(second != first);
    posenc::Trainer* trainer = nullptr;
    REQUIRE_FALSE(registry.find(first, trainer));
    REQUIRE(trainer != nullptr);
    CHECK(trainer->steps() == 0);
    CHECK(registry.dispose(first) == 1);
    const auto gone = registry.find(first, trainer);
    REQUIRE(gone);
    CHECK(gone->message() == "id must be the id of a live trainer (from trainerCreate, not yet disposed); got " + std::to_string(first));
    CHECK(registry.create(tiny()) != first);  // ids are never reused
}

TEST_CASE("The registry refuses a trainer past the live limit, and ids outside their range", "[registry][arguments]")
{
    posenc::TrainerRegistry registry;
    for (std::size_t i = 0; i < posenc::limits::max_live_trainers; ++i) registry.create(tiny());
    const auto full = registry.check_create(tiny());
    REQUIRE(full);
    CHECK(full->message()
          == "trainerCreate must be called with at most 32 trainers alive (trainerDispose the finished ones); got 32 alive");
    CHECK_THROWS_WITH(registry.create(tiny()), Contains("at most 32"));
    posenc::Trainer* trainer = nullptr;
    CHECK_THAT(registry.find(0, trainer)->message(), Contains("id must be an integer from 1 to 1073741824"));
    auto invalid = tiny();
    invalid.batch_size = 0;
    CHECK_THAT(posenc::TrainerRegistry{}.check_create(invalid)->message(), Contains("batchSize"));
}

TEST_CASE("train_steps takes the asked number of steps and reports each loss", "[registry]")
{
    posenc::Trainer trainer(tiny());
    const auto losses = posenc::train_steps(trainer, 3);
    CHECK(losses.size() == 3);
    CHECK(trainer.steps() == 3);
    for (double loss : losses) CHECK(loss > 0);
    CHECK_THROWS_WITH(posenc::train_steps(trainer, 0), Contains("steps must be an integer from 1 to 10000"));
    CHECK_FALSE(posenc::check_steps(posenc::limits::max_steps_per_call));
    CHECK(posenc::check_steps(posenc::limits::max_steps_per_call + 1));
}
