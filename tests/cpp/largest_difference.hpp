#pragma once
// Shared by the tests that compare two computed rows entry by entry.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstddef>
#include <vector>

namespace posenc::test
{
    /// Largest |a_i - b_i| over two rows, which must be of the same length.
    inline double largest_difference(const std::vector<double>& a, const std::vector<double>& b)
    {
        REQUIRE(a.size() == b.size());
        double largest = 0;
        for (std::size_t i = 0; i < a.size(); ++i) largest = std::max(largest, std::abs(a[i] - b[i]));
        return largest;
    }
}
