#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>

#include "posenc/half.hpp"
#include "posenc/random.hpp"

TEST_CASE("Halves of exact values are exact, and decode back", "[half]")
{
    const auto [value, bits] = GENERATE(table<float, std::uint16_t>({
        {0.0f, 0x0000},
        {1.0f, 0x3c00},
        {-2.0f, 0xc000},
        {0.5f, 0x3800},
        {65504.0f, 0x7bff},  // the largest half
        {0x1p-14f, 0x0400},  // the smallest normal
        {0x1p-24f, 0x0001},  // the smallest subnormal
        {0x3p-24f, 0x0003},
        {1.0f + 0x1p-10f, 0x3c01},  // one step above 1
    }));
    CAPTURE(value);
    CHECK(posenc::half_bits(value) == bits);
    CHECK(posenc::half_value(bits) == static_cast<double>(value));
}

TEST_CASE("Halves round to the nearest, ties to even, and overflow to infinity", "[half]")
{
    CHECK(posenc::half_bits(1.0f + 0x1p-11f) == 0x3c00);             // halfway, 0x3c00 is even
    CHECK(posenc::half_bits(1.0f + 0x3p-11f) == 0x3c02);             // halfway, up to even
    CHECK(posenc::half_bits(1.0f + 0x1p-11f + 0x1p-20f) == 0x3c01);  // past halfway
    CHECK(posenc::half_bits(2047.9f) == 0x6800);                     // rounds up into the next exponent: 2048
    CHECK(posenc::half_bits(0x1p-25f) == 0x0000);                    // halfway to the smallest subnormal, to even
    CHECK(posenc::half_bits(0x1.8p-25f) == 0x0001);
    CHECK(posenc::half_bits(-1e6f) == 0xfc00);
    CHECK(std::isinf(posenc::half_value(0x7c00)));
    CHECK(std::isnan(posenc::half_value(0x7e00)));
}

TEST_CASE("A half is within half a step of its value across the weights' range", "[half]")
{
    posenc::Random random(2);
    for (int i = 0; i < 10000; ++i)
    {
        const auto value = static_cast<float>(3.0 * random.normal());
        const double back = posenc::half_value(posenc::half_bits(value));
        // A half carries 11 significant bits: relative error at most 2^-11 for normal values.
        CHECK(std::fabs(back - value) <= std::ldexp(std::fabs(value), -11) + 0x1p-25);
    }
}
