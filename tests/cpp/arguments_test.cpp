#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "posenc/arguments.hpp"

TEST_CASE("Numbers in messages read as JS prints them", "[arguments]")
{
    const auto [value, text] = GENERATE(table<double, std::string>({
        {0, "0"},
        {-3, "-3"},
        {2.5, "2.5"},
        {0.1, "0.1"},
        {1.0 / 3, "0.3333333333333333"},
        {1e308, "1e+308"},
        {65536, "65536"},
        {std::numeric_limits<double>::quiet_NaN(), "NaN"},
        {HUGE_VAL, "Infinity"},
        {-HUGE_VAL, "-Infinity"},
    }));
    CHECK(posenc::format_number(value) == text);
}

TEST_CASE("An integer check names the argument, its range and the value given", "[arguments]")
{
    CHECK_FALSE(posenc::check_integer("dModel", 4096, 1, 4096));
    const auto problem = posenc::check_integer("dModel", 2.5, 1, 4096);
    REQUIRE(problem);
    CHECK(problem->kind == posenc::ArgumentProblem::Kind::range);
    CHECK(problem->message() == "dModel must be an integer from 1 to 4096; got 2.5");
    CHECK(posenc::check_integer("p", std::nan(""), 0, 1)->got == "NaN");
}

TEST_CASE("Cells and positions are checked before anything is allocated", "[arguments]")
{
    CHECK(posenc::check_cells("rows x cols", 8193, 4096)->message()
          == "rows x cols must be at most 33554432 cells; got 8193 x 4096 = 33558528");
    CHECK_FALSE(posenc::check_cells("rows x cols", 8192, 4096));
    CHECK(posenc::check_positions(std::vector<double>{0, 1, 65537})->argument == "positions[2]");
    CHECK_FALSE(posenc::check_positions(std::vector<double>{0, 65536}));
}

TEST_CASE("A text value is quoted and cut short past 40 characters", "[arguments]")
{
    CHECK(posenc::describe_text("yarn") == "the string \"yarn\"");
    CHECK(posenc::describe_text(std::string(41, 'a')) == "the string \"" + std::string(37, 'a') + "...\"");
    CHECK_THROWS_AS(posenc::throw_if(posenc::type_problem("x", "a number", "null")), std::invalid_argument);
}
