#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>

#include "posenc/random.hpp"

TEST_CASE("The generator is splitmix64: the reference outputs for seed 0", "[random]")
{
    // From the reference algorithm (Steele, Lea, Flood 2014), so native and wasm agree by construction.
    posenc::Random random(0);
    CHECK(random.next_u64() == 0xE220A8397B1DCDAFull);
    CHECK(random.next_u64() == 0x6E789E6AA1B965F4ull);
}

TEST_CASE("The same seed gives the same numbers, another seed others", "[random]")
{
    posenc::Random a(42), b(42), c(43);
    for (int i = 0; i < 100; ++i)
    {
        const double x = a.normal();
        CHECK(x == b.normal());
        CHECK(x != c.normal());
    }
}

TEST_CASE("Uniform draws are at least 0 and below 1, and below(n) is below n", "[random]")
{
    posenc::Random random(7);
    for (int i = 0; i < 10000; ++i)
    {
        const double u = random.uniform();
        CHECK((u >= 0.0 && u < 1.0));
        CHECK(random.below(5) < 5);
    }
}

TEST_CASE("Normal draws have mean 0 and variance 1", "[random]")
{
    // 100,000 draws: the mean's standard error is 0.0032 and the variance's 0.0045; 5 of each.
    posenc::Random random(11);
    constexpr int n = 100000;
    double sum = 0, squares = 0;
    for (int i = 0; i < n; ++i)
    {
        const double x = random.normal();
        REQUIRE(std::isfinite(x));
        sum += x;
        squares += x * x;
    }
    const double mean = sum / n;
    CHECK(mean == Approx(0).margin(0.016));
    CHECK(squares / n - mean * mean == Approx(1).margin(0.023));
}
