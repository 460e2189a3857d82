#include <catch2/catch.hpp>

#include <cmath>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "posenc/sinusoidal.hpp"

using posenc::sinusoidal;
using posenc::SinusoidalOptions;

namespace
{
    std::vector<double> range(int count, int first = 0)
    {
        std::vector<double> out(count);
        std::iota(out.begin(), out.end(), first);
        return out;
    }

    double row_dot(const xt::xtensor<double, 2>& table, std::size_t a, std::size_t b)
    {
        double sum = 0;
        for (std::size_t column = 0; column < table.shape(1); ++column) sum += table(a, column) * table(b, column);
        return sum;
    }
}

TEST_CASE("Sinusoidal rows follow the paper's formula in the interleaved layout", "[sinusoidal]")
{
    // (position, d_model, column, expected) rows computed by hand from sin/cos(p / 10000^(2i/d)).
    const auto [position, d_model, column, expected] = GENERATE(table<int, int, int, double>({
        {0, 8, 0, 0.0},
        {0, 8, 1, 1.0},
        {1, 4, 0, std::sin(1.0)},
        {1, 4, 1, std::cos(1.0)},
        {1, 4, 2, std::sin(0.01)},  // 10000^(2/4) = 100
        {1, 4, 3, std::cos(0.01)},
        {5000, 64, 0, std::sin(5000.0)},
        {5000, 64, 1, std::cos(5000.0)},
        {5000, 64, 2, std::sin(5000.0 / std::pow(10000.0, 2.0 / 64))},
        {7, 3, 2, std::sin(7.0 / std::pow(10000.0, 2.0 / 3))},  // odd d ends on a sin column
    }));
    const std::vector<double> positions{static_cast<double>(position)};
    const auto table = sinusoidal(positions, {d_model, 10000.0});
    REQUIRE(table.shape(0) == 1);
    REQUIRE(table.shape(1) == static_cast<std::size_t>(d_model));
    // Same arithmetic on both sides, so agreement to a few ulp is expected.
    CHECK(table(0, column) == Approx(expected).margin(1e-15));
}

TEST_CASE("Every sin/cos pair lies on the unit circle, so |PE(p)|^2 = d/2", "[sinusoidal][property]")
{
    const auto table = sinusoidal(range(2048, 3000), {128, 10000.0});
    for (std::size_t row = 0; row < table.shape(0); row += 97)
        CHECK(row_dot(table, row, row) == Approx(64.0).margin(1e-12));  // 128 rounding errors of ~1e-16
}

TEST_CASE("PE(p).PE(p+k) depends only on the offset k and equals sum_i cos(k w_i)", "[sinusoidal][property]")
{
    const int d_model = 64;
    const auto table = sinusoidal(range(8192), {d_model, 10000.0});
    const int offset = GENERATE(0, 1, 7, 100, 2048);
    double closed_form = 0;
    for (int i = 0; i < d_model / 2; ++i) closed_form += std::cos(offset / std::pow(10000.0, 2.0 * i / d_model));
    // Angles reach 8192 rad; sin/cos of an angle carrying ~8192 * 2^-53 ~ 1e-12 of rounding,
    // summed over 32 pairs, stays far below 1e-9.
    for (int p : {0, 1, 500, 3000, 6000}) CHECK(row_dot(table, p, p + offset) == Approx(closed_form).margin(1e-9));
}

TEST_CASE("A position list need not be contiguous or sorted", "[sinusoidal]")
{
    const std::vector<double> scattered{5000, 3, 65536, 3};
    const auto table = sinusoidal(scattered, {16, 10000.0});
    const auto reference = sinusoidal(std::vector<double>{3}, {16, 10000.0});
    for (std::size_t column = 0; column < 16; ++column)
    {
        CHECK(table(1, column) == reference(0, column));
        CHECK(table(3, column) == reference(0, column));
    }
}

TEST_CASE("The base changes every wavelength but the first", "[sinusoidal]")
{
    const std::vector<double> positions{10};
    const auto small = sinusoidal(positions, {4, 100.0});
    CHECK(small(0, 0) == Approx(std::sin(10.0)).margin(1e-15));
    CHECK(small(0, 2) == Approx(std::sin(1.0)).margin(1e-15));  // 100^(2/4) = 10
}

TEST_CASE("Impossible arguments are rejected with the argument, the value and the allowed range", "[sinusoidal][arguments]")
{
    const std::vector<double> one{1};
    using Catch::Matchers::Contains;
    CHECK_THROWS_WITH(sinusoidal(one, {0, 10000.0}), Contains("dModel") && Contains("1 to 4096") && Contains("got 0"));
    CHECK_THROWS_WITH(sinusoidal(one, {4097, 10000.0}), Contains("got 4097"));
    CHECK_THROWS_WITH(sinusoidal(one, {8, 1.0}), Contains("base") && Contains("greater than 1") && Contains("got 1"));
    CHECK_THROWS_WITH(sinusoidal(one, {8, NAN}), Contains("got NaN"));
    CHECK_THROWS_WITH(sinusoidal(std::vector<double>{0, -1}, {8, 10000.0}), Contains("positions[1]") && Contains("got -1"));
    CHECK_THROWS_WITH(sinusoidal(std::vector<double>{2.5}, {8, 10000.0}), Contains("positions[0]") && Contains("got 2.5"));
    CHECK_THROWS_WITH(sinusoidal(std::vector<double>{65537}, {8, 10000.0}), Contains("0 to 65536"));
    CHECK_THROWS_AS(sinusoidal(one, {-3, 10000.0}), std::invalid_argument);
}

TEST_CASE("A result over the cell cap is refused before anything is allocated", "[sinusoidal][arguments]")
{
    const std::vector<double> many(8193, 0.0);  // 8193 x 4096 > 2^25
    CHECK_THROWS_WITH(sinusoidal(many, {4096, 10000.0}), Catch::Matchers::Contains("33554432"));
    CHECK_NOTHROW(sinusoidal(std::vector<double>(8192, 0.0), {4096, 10000.0}));  // exactly 2^25
}

TEST_CASE("The row-to-row recurrence matches direct evaluation up to position 65,536", "[sinusoidal][accuracy]")
{
    // Contiguous rows go through the angle-addition recurrence; single positions are evaluated
    // directly with sin/cos. The bound is 1e-9 absolute. An angle near 65,536 rad is only
    // known to half an ulp (7.3e-12) in either evaluation, so they may differ by a few 1e-12.
    const auto run = sinusoidal(range(65536 - 60000 + 1, 60000), {512, 10000.0});
    double worst = 0;
    for (std::size_t row = 0; row < run.shape(0); row += 37)
    {
        const auto direct = sinusoidal(std::vector<double>{60000.0 + static_cast<double>(row)}, {512, 10000.0});
        for (std::size_t column = 0; column < 512; ++column) worst = std::max(worst, std::fabs(run(row, column) - direct(0, column)));
    }
    CAPTURE(worst);
    CHECK(worst < 1e-10);
}

// The interleaved layout runs the recurrence eight pairs at a time in vector registers (pairs
// left over one by one); concat runs it a row at a time, one pair at a time. Same arithmetic in
// the same order, so the values must agree bit for bit: 64 has no pairs left over, 70 has three.
TEST_CASE("The concat layout holds the same values as the interleaved one, in blocks", "[sinusoidal][layout]")
{
    const auto d = GENERATE(std::int64_t{64}, std::int64_t{70}, std::int64_t{10});
    const auto half = static_cast<std::size_t>(d / 2);
    const auto positions = range(300, 4900);
    const auto interleaved = sinusoidal(positions, {d, 10000.0, posenc::SinusoidalLayout::interleaved});
    const auto concat = sinusoidal(positions, {d, 10000.0, posenc::SinusoidalLayout::concat});
    CAPTURE(d);
    std::size_t differing = 0;
    for (std::size_t row = 0; row < positions.size(); ++row)
        for (std::size_t i = 0; i < half; ++i)
            differing += (concat(row, i) != interleaved(row, 2 * i)) + (concat(row, half + i) != interleaved(row, 2 * i + 1));
    CHECK(differing == 0);
    CHECK_THROWS_WITH(sinusoidal(positions, {63, 10000.0, posenc::SinusoidalLayout::concat}),
                      Catch::Matchers::Contains("even for layout 'concat'"));
}

TEST_CASE("Float32 output is the double result rounded once", "[sinusoidal][precision]")
{
    const auto positions = range(8192);
    const auto reference = sinusoidal(positions, {512, 10000.0});
    std::vector<float> rounded(reference.size());
    posenc::sinusoidal_into(std::span<const double>(positions), {512, 10000.0}, rounded.data());
    for (std::size_t cell = 0; cell < rounded.size(); cell += 101) CHECK(rounded[cell] == static_cast<float>(reference.data()[cell]));
}

TEST_CASE("The closed-form offset dot product equals the direct one", "[sinusoidal][property]")
{
    const auto table = sinusoidal(range(2, 4000), {96, 10000.0});
    // rows are positions 4000 and 4001..: offsets 1 and 0
    CHECK(row_dot(table, 0, 1) == Approx(posenc::sinusoidal_offset_dot(1, 96, 10000.0)).margin(1e-12));
    CHECK(row_dot(table, 0, 0) == Approx(posenc::sinusoidal_offset_dot(0, 96, 10000.0)).margin(1e-12));
}
