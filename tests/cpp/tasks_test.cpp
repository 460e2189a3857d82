#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

#include "posenc/tasks.hpp"

using posenc::Task;

TEST_CASE("Copy-back answers are the token k positions back and recall answers the passkey", "[tasks]")
{
    posenc::Random random(3);
    SECTION("copy back")
    {
        const posenc::TaskOptions copy{Task::copy_back, 3, 16, 8};
        const auto example = posenc::make_example(copy, 20, 0, random);
        REQUIRE(example.rows.size() == 17);  // rows 3 .. 19
        CHECK(example.rows.front() == 3);
        for (std::size_t i = 0; i < example.rows.size(); ++i) CHECK(example.targets[i] == example.tokens[example.rows[i] - 3]);
    }
    SECTION("recall first")
    {
        const posenc::TaskOptions recall{Task::recall_first, 3, 16, 8};
        const auto passkey = posenc::make_example(recall, 20, 5, random);
        CHECK(passkey.tokens[0] >= 16);
        CHECK(passkey.rows.size() == 5);
        for (std::size_t r = 1; r < 20; ++r) CHECK(passkey.tokens[r] < 16);
        for (auto target : passkey.targets) CHECK(target == passkey.tokens[0]);
    }
}

TEST_CASE("Sampled rows are distinct, ascending and inside their range", "[tasks]")
{
    posenc::Random random(9);
    const auto [first, last, count] =
        GENERATE(table<std::size_t, std::size_t, std::size_t>({{0, 10, 3}, {5, 2048, 32}, {7, 9, 5}, {1, 100, 0}}));
    const auto rows = posenc::sample_rows(first, last, count, random);
    CHECK(rows.size() == (count == 0 ? last - first : std::min(count, last - first)));
    CHECK(std::is_sorted(rows.begin(), rows.end()));
    CHECK(std::adjacent_find(rows.begin(), rows.end()) == rows.end());
    for (auto r : rows) CHECK((r >= first && r < last));
}

TEST_CASE("A task's first answerable row and its vocabulary follow from its options", "[tasks]")
{
    CHECK(posenc::first_answerable({Task::copy_back, 5, 16, 8}) == 5);
    CHECK(posenc::first_answerable({Task::recall_first, 5, 16, 8}) == 1);
    CHECK(posenc::task_vocabulary({Task::copy_back, 3, 16, 8}) == 24);  // one model shape serves both tasks
    CHECK(posenc::answers({Task::copy_back, 2, 16, 8}, {7, 8, 9, 10}, {2, 3}) == std::vector<std::int32_t>{7, 8});
}

TEST_CASE("Tasks refuse offsets and alphabets outside their bounds, naming them", "[tasks][arguments]")
{
    using Catch::Matchers::StartsWith;
    CHECK_THAT(posenc::check_task({Task::copy_back, 0, 16, 8})->message(), StartsWith("offset must be an integer from 1 to 64"));
    CHECK_THAT(posenc::check_task({Task::copy_back, 3, 129, 8})->message(), StartsWith("symbols must be an integer from 2 to 128"));
    CHECK_THAT(posenc::check_task({Task::copy_back, 3, 16, 1})->message(), StartsWith("passkeys must be an integer from 2 to 128"));
    CHECK_FALSE(posenc::check_task({}));
}

TEST_CASE("Latest-marker answers are the most recent marker at or before each row", "[tasks]")
{
    posenc::Random random(4);
    const posenc::TaskOptions marker{Task::last_marker, 3, 16, 8, 5};
    const auto example = posenc::make_example(marker, 200, 0, random);
    REQUIRE(example.rows.size() == 200);  // every row from 0: position 0 always holds a marker
    CHECK(example.tokens[0] >= 16);
    std::int32_t latest = -1;
    std::size_t markers = 0;
    for (std::size_t r = 0; r < 200; ++r)
    {
        if (example.tokens[r] >= 16)
        {
            latest = example.tokens[r];
            ++markers;
        }
        CHECK(example.targets[r] == latest);
        CHECK(example.tokens[posenc::answer_position(marker, example.tokens, r)] == latest);
    }
    CHECK((markers >= 20 && markers <= 70));  // about 1 + 199 / 5; far outside only if spacing were ignored
}

TEST_CASE("A longer sequence extends the same tokens, so a position's answer holds as p grows", "[tasks]")
{
    const auto task = GENERATE(Task::copy_back, Task::last_marker);
    const posenc::TaskOptions options{task, 3, 16, 8, 16};
    posenc::Random shorter(8), longer(8);
    const auto few = posenc::make_tokens(options, 50, shorter);
    const auto many = posenc::make_tokens(options, 500, longer);
    CHECK(std::equal(few.begin(), few.end(), many.begin()));
}

TEST_CASE("Answer positions: k back, position 0, or the latest marker", "[tasks]")
{
    const std::vector<std::int32_t> tokens{17, 3, 20, 5, 6, 7};
    CHECK(posenc::answer_position({Task::copy_back, 2, 16, 8}, tokens, 5) == 3);
    CHECK(posenc::answer_position({Task::recall_first, 2, 16, 8}, tokens, 5) == 0);
    CHECK(posenc::answer_position({Task::last_marker, 2, 16, 8}, tokens, 5) == 2);
    CHECK(posenc::answer_position({Task::last_marker, 2, 16, 8}, tokens, 1) == 0);
    CHECK(posenc::first_answerable({Task::last_marker, 2, 16, 8}) == 0);
}

TEST_CASE("A marker spacing outside its bounds is refused, naming it", "[tasks][arguments]")
{
    using Catch::Matchers::StartsWith;
    CHECK_THAT(posenc::check_task({Task::last_marker, 3, 16, 8, 0})->message(),
               StartsWith("markerSpacing must be an integer from 1 to 1024"));
    CHECK_THAT(posenc::check_task({Task::last_marker, 3, 16, 8, 1025})->message(),
               StartsWith("markerSpacing must be an integer from 1 to 1024"));
}

TEST_CASE("A passkey sits exactly at the requested depth and the last row asks for it", "[tasks][passkey]")
{
    posenc::Random random(9);
    const auto [length, depth, position] = GENERATE(table<std::size_t, double, std::size_t>(
        {{2, 0.0, 0}, {2, 1.0, 0}, {10, 0.0, 0}, {10, 0.5, 4}, {10, 1.0, 8}, {32, 0.1, 3}, {257, 0.25, 64}, {257, 1.0, 255}}));
    // round(depth (length - 2)): 0.25 x 255 = 63.75 -> 64; depth 1 is the token before the question.
    posenc::TaskOptions options{Task::passkey, 3, 16, 8};
    options.depth = depth;
    CHECK(posenc::passkey_position(depth, length) == position);
    const auto example = posenc::make_example(options, length, 0, random);
    REQUIRE(example.tokens.size() == length);
    for (std::size_t r = 0; r < length; ++r) CHECK((example.tokens[r] >= 16) == (r == position));
    REQUIRE(example.rows == std::vector<std::size_t>{length - 1});
    CHECK(example.targets == std::vector<std::int32_t>{example.tokens[position]});
}

TEST_CASE("Without a depth the passkey lands anywhere before the question, each place about as often", "[tasks][passkey]")
{
    posenc::Random random(4);
    const posenc::TaskOptions options{Task::passkey, 3, 16, 8};
    std::vector<int> seen(9, 0);
    for (int i = 0; i < 9000; ++i)
    {
        const auto tokens = posenc::make_tokens(options, 10, random);
        CHECK(tokens[9] < 16);  // the question's row never holds the key
        seen[static_cast<std::size_t>(std::find_if(tokens.begin(), tokens.end(), [](auto t) { return t >= 16; }) - tokens.begin())] += 1;
    }
    // 1,000 expected per place; a binomial's standard deviation is about 30, so 850 .. 1,150 is 5 of them.
    for (int count : seen) CHECK((count > 850 && count < 1150));
}

TEST_CASE("A marked value: one marker in the first k positions, every later row answers the token after it", "[tasks][marked value]")
{
    posenc::Random random(6);
    const posenc::TaskOptions options{Task::marked_value, 4, 16, 8};
    CHECK(posenc::first_answerable(options) == 5);
    std::vector<int> places(4, 0);
    for (int i = 0; i < 400; ++i)
    {
        const auto example = posenc::make_example(options, 40, 0, random);
        std::vector<std::size_t> markers;
        for (std::size_t r = 0; r < 40; ++r)
            if (example.tokens[r] >= 16) markers.push_back(r);
        REQUIRE(markers.size() == 1);
        REQUIRE(markers[0] < 4);
        CHECK(example.tokens[markers[0]] == 16);
        places[markers[0]] += 1;
        CHECK(example.rows.front() == 5);
        CHECK(example.rows.size() == 35);
        for (auto target : example.targets) CHECK(target == example.tokens[markers[0] + 1]);
    }
    for (int count : places) CHECK(count > 50);
}

TEST_CASE("A passkey depth outside 0 .. 1 is refused, naming it", "[tasks][passkey][arguments]")
{
    posenc::TaskOptions options{Task::passkey, 3, 16, 8};
    options.depth = 1.5;
    CHECK(posenc::check_task(options)->message() == "depth must be a number from 0 to 1; got 1.5");
    options.depth = std::nan("");
    CHECK(posenc::check_task(options)->message() == "depth must be a number from 0 to 1; got NaN");
}
