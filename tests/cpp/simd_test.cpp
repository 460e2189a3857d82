#include <catch2/catch.hpp>

#include <cstddef>
#include <vector>

#include "posenc/simd.hpp"

TEST_CASE("dot sums every product, whatever the length's remainder by four", "[simd]")
{
    // Small integers: every partial sum is exact, so any order of addition gives the same value.
    const std::size_t n = GENERATE(0, 1, 3, 4, 5, 8, 11);
    std::vector<double> a(n), b(n);
    double expected = 0;
    for (std::size_t c = 0; c < n; ++c)
    {
        a[c] = static_cast<double>(c + 1);
        b[c] = static_cast<double>(2 * c) - 3;
        expected += a[c] * b[c];
    }
    CHECK(posenc::detail::dot(a.data(), b.data(), n) == expected);
}

TEST_CASE("Unaligned two-double loads and stores move exactly the two doubles", "[simd]")
{
    double memory[5] = {1, 2, 3, 4, 5};
    const auto v = posenc::detail::load_f64x2(memory + 1);  // 8-byte aligned only
    CHECK((v[0] == 2 && v[1] == 3));
    posenc::detail::store_f64x2(memory + 3, v);
    CHECK((memory[2] == 3 && memory[3] == 2 && memory[4] == 3));
}
