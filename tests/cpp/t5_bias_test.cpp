#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdlib>
#include <limits>
#include <vector>

#include "posenc/t5_bias.hpp"

TEST_CASE("T5 buckets match the reference rule at hand-checked distances", "[t5]")
{
    // Bidirectional, 32 buckets, max distance 128 (the T5 defaults); relative = key - query.
    const auto [relative, expected] = GENERATE(table<std::int64_t, std::int64_t>({
        {0, 0},    {-1, 1},   {-7, 7},   {1, 17},    {7, 23},    {-8, 8},  // first log bucket: log(1) = 0
        {-12, 9},                                                          // 8 + trunc(log(1.5)/log(16)*8) = 8 + 1
        {-16, 10}, {-32, 12}, {-64, 14},                                   // log lands exactly on 2, 4, 6
        {-63, 13}, {-90, 14}, {-91, 15}, {-127, 15}, {-128, 15}, {-300, 15}, {-5000, 15}, {16, 26}, {300, 31},
    }));
    CHECK(posenc::t5_bucket(relative) == expected);
}

TEST_CASE("Unidirectional T5 buckets put every future key in bucket 0", "[t5]")
{
    const posenc::T5BucketOptions causal{false, 32, 128};
    CHECK(posenc::t5_bucket(5, causal) == 0);
    CHECK(posenc::t5_bucket(-15, causal) == 15);
    CHECK(posenc::t5_bucket(-16, causal) == 16);
    CHECK(posenc::t5_bucket(-5000, causal) == 31);
}

TEST_CASE("T5 buckets are monotone in distance and saturate at maxDistance", "[t5][property]")
{
    for (bool bidirectional : {true, false})
    {
        const posenc::T5BucketOptions options{bidirectional, 32, 128};
        std::int64_t previous = -1;
        for (std::int64_t distance = 0; distance <= 1000; ++distance)
        {
            const auto bucket = posenc::t5_bucket(-distance, options);
            CHECK(bucket >= previous);
            previous = bucket;
            if (distance >= 128) CHECK(bucket == posenc::t5_bucket(-128, options));
        }
    }
}

TEST_CASE("T5 refuses bucket counts the rule cannot use", "[t5][arguments]")
{
    using Catch::Matchers::Contains;
    CHECK_THROWS_WITH(posenc::t5_bucket(1, {true, 31, 128}), Contains("numBuckets") && Contains("even"));
    CHECK_THROWS_WITH(posenc::t5_bucket(1, {true, 32, 4}), Contains("maxDistance"));
}

TEST_CASE("A batch of relative positions is bucketed one by one, and checked first", "[t5][arguments]")
{
    const std::vector<double> relative{0, -1, -300, 16};
    CHECK(posenc::t5_buckets(relative, {}) == std::vector<std::int32_t>{0, 1, 15, 26});
    CHECK_THROWS_WITH(posenc::t5_buckets(std::vector<double>{0, 0.5}, {}),
                      "relativePositions[1] must be an integer from -1073741824 to 1073741824; got 0.5");
    CHECK(posenc::check_t5_batch(posenc::limits::max_cells + 1)->argument == "relativePositions.length");
    CHECK_FALSE(posenc::check_t5_batch(posenc::limits::max_cells));
}

TEST_CASE("T5 buckets the extreme relative positions without overflow (fuzz finding)", "[t5][arguments]")
{
    // -INT64_MIN does not fit in int64: its distance, 2^63, is past maxDistance, so the last bucket.
    constexpr auto lowest = std::numeric_limits<std::int64_t>::min();
    constexpr auto highest = std::numeric_limits<std::int64_t>::max();
    CHECK(posenc::t5_bucket(lowest, {true, 32, 128}) == 15);
    CHECK(posenc::t5_bucket(lowest, {false, 32, 128}) == 31);
    CHECK(posenc::t5_bucket(highest, {true, 32, 128}) == 31);
    CHECK(posenc::t5_bucket(highest, {false, 32, 128}) == 0);
    CHECK(posenc::t5_bucket(lowest + 1, {true, 32, 128}) == 15);
}
