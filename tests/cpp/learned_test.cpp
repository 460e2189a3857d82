#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "posenc/learned.hpp"

using posenc::Overflow;

TEST_CASE("A learned table is deterministic for a seed and looks like GPT-2's initialisation", "[learned]")
{
    const auto a = posenc::learned_table({2048, 64, 7});
    const auto b = posenc::learned_table({2048, 64, 7});
    const auto c = posenc::learned_table({2048, 64, 8});
    CHECK((a == b));
    CHECK(a(100, 5) != c(100, 5));
    double sum = 0, squares = 0;
    for (double v : a)
    {
        sum += v;
        squares += v * v;
    }
    const double n = static_cast<double>(a.size());
    // 131,072 draws: the sample mean's standard error is 0.02 / 362 = 5.5e-5, the sd's about 4e-5.
    CHECK(sum / n == Approx(0.0).margin(3e-4));
    CHECK(std::sqrt(squares / n) == Approx(0.02).margin(3e-4));
}

TEST_CASE("With overflow 'error' position L has no row and says so", "[learned][overflow]")
{
    const auto table = posenc::learned_table({2048, 8, 1});
    CHECK_NOTHROW(posenc::learned_lookup(table, std::vector<double>{0, 2047}, Overflow::error));
    CHECK_THROWS_WITH(posenc::learned_lookup(table, std::vector<double>{5000}, Overflow::error),
                      Catch::Matchers::Contains("rows 0..2047") && Catch::Matchers::Contains("no row 5000"));
}

TEST_CASE("Each overflow policy hands over the row its rule names", "[learned][overflow]")
{
    const auto embedding = posenc::learned_table({2048, 4, 3});
    // (policy, position, sequence length, expected source row, own row?)
    const auto [policy, position, length, expected, own] = GENERATE(table<Overflow, double, double, double, bool>({
        {Overflow::clamp, 5000, 0, 2047, false},
        {Overflow::clamp, 100, 0, 100, true},
        {Overflow::wrap, 5000, 0, 5000 - 2 * 2048, false},
        {Overflow::wrap, 2047, 0, 2047, true},
        {Overflow::window, 5000, 0, 2047, false},            // the query is the window's last position
        {Overflow::window, 4000, 5001, 4000 - 2953, false},  // window keeps 2953 .. 5000
        {Overflow::interpolate, 5000, 0, 2047, false},
        {Overflow::interpolate, 2500, 5001, 2500.0 * 2047 / 5000, false},
        {Overflow::interpolate, 1000, 2048, 1000, true},  // within L nothing is stretched
    }));
    const auto lookup = posenc::learned_lookup(embedding, std::vector<double>{position}, policy, length);
    CHECK(lookup.source_row[0] == Approx(expected).margin(1e-12));
    CHECK(static_cast<bool>(lookup.own_row[0]) == own);
}

TEST_CASE("The window drops positions before the last L and hands zeros for them", "[learned][overflow]")
{
    const auto table = posenc::learned_table({16, 4, 3});
    const auto lookup = posenc::learned_lookup(table, std::vector<double>{0, 4, 5, 20}, Overflow::window);
    // n = 21, so the window keeps 5 .. 20
    CHECK(std::isnan(lookup.source_row[0]));
    CHECK(std::isnan(lookup.source_row[1]));
    CHECK(lookup.source_row[2] == 0);
    CHECK(lookup.source_row[3] == 15);
    CHECK(lookup.rows(0, 0) == 0.0);
    CHECK(lookup.rows(3, 2) == table(15, 2));
}

TEST_CASE("Interpolation blends the two nearest rows linearly", "[learned][overflow]")
{
    const auto table = posenc::learned_table({4, 2, 9});
    // n = 7: p = 3 maps to 3 * 3/6 = 1.5
    const auto lookup = posenc::learned_lookup(table, std::vector<double>{3, 6}, Overflow::interpolate);
    CHECK(lookup.source_row[0] == 1.5);
    CHECK(lookup.rows(0, 1) == Approx(0.5 * table(1, 1) + 0.5 * table(2, 1)).margin(1e-15));
    CHECK(lookup.rows(1, 0) == table(3, 0));
}

TEST_CASE("Learned tables refuse impossible sizes", "[learned][arguments]")
{
    CHECK_THROWS_WITH(posenc::learned_table({0, 8, 1}), Catch::Matchers::Contains("maxLength"));
    CHECK_THROWS_WITH(posenc::learned_table({65536, 4096, 1}), Catch::Matchers::Contains("maxLength x dModel"));
}

TEST_CASE("A table handed over as sizes is checked before its data is copied", "[learned][arguments]")
{
    CHECK_FALSE(posenc::check_lookup_shape(4, 2, 8, 3));
    CHECK(posenc::check_lookup_shape(0, 2, 0, 3)->message() == "table.rows must be an integer from 1 to 65536; got 0");
    CHECK(posenc::check_lookup_shape(4, 4097, 0, 3)->argument == "table.cols");
    CHECK(posenc::check_lookup_shape(65536, 4096, 0, 3)->argument == "table.rows x table.cols");
    CHECK(posenc::check_lookup_shape(4, 2, 7, 3)->message() == "table.data.length must be table.rows x table.cols = 8; got 7");
    CHECK(posenc::check_lookup_shape(4, 4096, 16384, 8193)->argument == "positions.length x table.cols");
}

TEST_CASE("A lookup in a table with no rows is refused, whatever the policy (fuzz finding)", "[learned][arguments]")
{
    // Clamp and interpolate would hand over row L - 1 = -1.
    const xt::xtensor<double, 2> empty({0, 4});
    for (Overflow policy : {Overflow::error, Overflow::clamp, Overflow::wrap, Overflow::window, Overflow::interpolate})
        CHECK_THROWS_WITH(posenc::learned_lookup(empty, std::vector<double>{0}, policy), Catch::Matchers::Contains("maxLength"));
    CHECK_THROWS_AS(posenc::learned_lookup(empty, std::vector<double>{}, Overflow::clamp), std::invalid_argument);
}

TEST_CASE("A lookup refuses a sequence length that is not a whole length (fuzz finding)", "[learned][arguments]")
{
    // A NaN length made 'window' keep every position and hand over row p itself, past the table.
    const auto table = posenc::learned_table({8, 2, 1});
    for (double length : {std::nan(""), -1.0, 2.5, HUGE_VAL})
        CHECK_THROWS_WITH(posenc::learned_lookup(table, std::vector<double>{20}, Overflow::window, length),
                          Catch::Matchers::Contains("sequenceLength"));
    CHECK(posenc::learned_lookup(table, std::vector<double>{20}, Overflow::window, 0).source_row[0] == 7);
}
