#include <catch2/catch.hpp>

#include <cmath>

#include "posenc/rotation.hpp"
#include "posenc/simd.hpp"

TEST_CASE("Rotating (cos a, sin a) by b gives (cos(a + b), sin(a + b))", "[rotation]")
{
    // Two products and a sum per coordinate: within a few ulp of libm's values (below 1e-15 here).
    const auto [a, b] = GENERATE(table<double, double>({{0.3, 1.1}, {-2.0, 0.7}, {3.0, 3.0}, {1e-3, -1e-3}}));
    double x = std::cos(a), y = std::sin(a);
    posenc::detail::rotate(x, y, std::cos(b), std::sin(b));
    CHECK(x == Approx(std::cos(a + b)).margin(1e-15));
    CHECK(y == Approx(std::sin(a + b)).margin(1e-15));
}

TEST_CASE("A rotation keeps the length, and the rotation by -b undoes it", "[rotation]")
{
    double x = 3, y = -4;
    posenc::detail::rotate(x, y, std::cos(0.9), std::sin(0.9));
    CHECK(std::hypot(x, y) == Approx(5).margin(1e-14));
    posenc::detail::rotate(x, y, std::cos(0.9), -std::sin(0.9));
    CHECK(x == Approx(3).margin(1e-14));
    CHECK(y == Approx(-4).margin(1e-14));
}

TEST_CASE("Two-lane vectors rotate each lane exactly as doubles do", "[rotation]")
{
    using posenc::detail::f64x2;
    f64x2 x = {0.25, -1.5}, y = {2.0, 0.125};
    const f64x2 c = {std::cos(0.4), std::cos(2.2)}, s = {std::sin(0.4), std::sin(2.2)};
    posenc::detail::rotate(x, y, c, s);
    for (int lane = 0; lane < 2; ++lane)
    {
        double sx = lane == 0 ? 0.25 : -1.5, sy = lane == 0 ? 2.0 : 0.125;
        posenc::detail::rotate(sx, sy, c[lane], s[lane]);
        CHECK(x[lane] == sx);
        CHECK(y[lane] == sy);
    }
}
