#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include "posenc/alibi.hpp"

TEST_CASE("ALiBi slopes follow the official rule", "[alibi]")
{
    CHECK_THAT(
        posenc::alibi_slopes(8),
        Catch::Matchers::Approx(std::vector<double>{0.5, 0.25, 0.125, 0.0625, 1.0 / 32, 1.0 / 64, 1.0 / 128, 1.0 / 256}).margin(1e-17));
    // Not a power of two: 1/16, 1/256, then every other slope of the 4-head rule (1/4).
    CHECK_THAT(posenc::alibi_slopes(3), Catch::Matchers::Approx(std::vector<double>{1.0 / 16, 1.0 / 256, 0.25}).margin(1e-17));
    CHECK_THAT(posenc::alibi_slopes(1), Catch::Matchers::Approx(std::vector<double>{1.0 / 256}).margin(1e-17));
    // 6 heads: the 4-head slopes, then 2^-1 and 2^-3 from the 8-head rule.
    CHECK_THAT(posenc::alibi_slopes(6),
               Catch::Matchers::Approx(std::vector<double>{0.25, 1.0 / 16, 1.0 / 64, 1.0 / 256, 0.5, 0.125}).margin(1e-17));
    const auto twelve = posenc::alibi_slopes(12);
    CHECK(twelve.size() == 12);
    CHECK(twelve[8] == Approx(std::exp2(-0.5)).epsilon(1e-15));  // 2^(-8/16), first of the 16-head rule
}

TEST_CASE("ALiBi bias is exactly linear in distance and masks future keys", "[alibi][property]")
{
    const auto bias = posenc::alibi_bias({4, 6, 6});
    const auto slopes = posenc::alibi_slopes(4);
    for (std::size_t h = 0; h < 4; ++h)
        for (std::size_t i = 0; i < 6; ++i)
            for (std::size_t j = 0; j < 6; ++j)
            {
                if (j > i) CHECK(bias(h, i, j) == -std::numeric_limits<double>::infinity());
                else CHECK(bias(h, i, j) == -slopes[h] * static_cast<double>(i - j));  // slopes are powers of two: exact
            }
}

TEST_CASE("Shorter query blocks are the last positions of the keys", "[alibi]")
{
    const auto bias = posenc::alibi_bias({8, 1, 5001});
    // One query at position 5,000: the steepest head (1/2) gives -2,500 to key 0 (FACTS.md).
    CHECK(bias(0, 0, 0) == -2500.0);
    CHECK(bias(7, 0, 0) == Approx(-5000.0 / 256).margin(1e-12));  // about -19.5 for the shallowest
    CHECK(bias(3, 0, 5000) == 0.0);
}

TEST_CASE("ALiBi refuses zero heads and oversized biases", "[alibi][arguments]")
{
    using Catch::Matchers::Contains;
    CHECK_THROWS_WITH(posenc::alibi_slopes(0), Contains("nHeads"));
    CHECK_THROWS_WITH(posenc::alibi_bias({8, 10, 5}), Contains("queryLength"));
    CHECK_THROWS_WITH(posenc::alibi_bias({64, 1024, 1024}), Contains("nHeads x queryLength x keyLength"));
}
