#include <catch2/catch.hpp>

#include <cmath>
#include <numeric>
#include <vector>

#include "posenc/softmax.hpp"

TEST_CASE("Softmax gives positive weights summing to 1, in the order of the values", "[softmax]")
{
    std::vector<double> v{1.0, 3.0, -2.0, 3.0};
    posenc::detail::softmax_in_place(v.data(), v.size());
    CHECK(std::accumulate(v.begin(), v.end(), 0.0) == Approx(1).margin(1e-15));
    CHECK(v[1] == v[3]);
    CHECK((v[2] > 0 && v[2] < v[0] && v[0] < v[1]));
    CHECK(v[0] / v[1] == Approx(std::exp(-2.0)).margin(1e-15));
}

TEST_CASE("Softmax is unchanged by a shift and does not overflow on large values", "[softmax]")
{
    // exp(v - max): the shift cancels up to rounding of v + 1000 (1e-13 relative).
    std::vector<double> small{0.5, -1.0, 2.0}, large{1000.5, 999.0, 1002.0};
    posenc::detail::softmax_in_place(small.data(), small.size());
    posenc::detail::softmax_in_place(large.data(), large.size());
    for (std::size_t j = 0; j < 3; ++j) CHECK(large[j] == Approx(small[j]).margin(1e-13));
    std::vector<double> one{-7.0};
    posenc::detail::softmax_in_place(one.data(), 1);
    CHECK(one[0] == 1.0);
}
