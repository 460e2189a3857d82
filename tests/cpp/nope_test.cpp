#include <catch2/catch.hpp>

#include <vector>

#include "posenc/nope.hpp"

TEST_CASE("NoPE adds zeros: one row of dModel zeros per position", "[nope]")
{
    const auto zeros = posenc::nope(std::vector<double>{0, 5000, 65536}, 7);
    REQUIRE(zeros.shape(0) == 3);
    REQUIRE(zeros.shape(1) == 7);
    for (double v : zeros) CHECK(v == 0.0);
}

TEST_CASE("NoPE checks its request like every encoding, naming the argument", "[nope][arguments]")
{
    using Catch::Matchers::StartsWith;
    CHECK_THROWS_WITH(posenc::nope(std::vector<double>{1}, 0), StartsWith("dModel must be an integer from 1 to 4096"));
    CHECK_THROWS_WITH(posenc::nope(std::vector<double>{-1}, 4), StartsWith("positions[0] must be an integer from 0 to 65536"));
    CHECK(posenc::check_nope_shape(8193, 4096)->argument == "positions.length x dModel");
    CHECK_FALSE(posenc::check_nope_shape(8192, 4096));
}
