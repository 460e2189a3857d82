#include <catch2/catch.hpp>

#include <cstddef>
#include <vector>

#include "posenc/random.hpp"
#include "posenc/row_kernels.hpp"

TEST_CASE("add_scaled_rows gives each output the plain loop's sum, bit for bit", "[row_kernels]")
{
    // The kernel's promise: 8 sums side by side, each in the same order as the loop it replaces.
    posenc::Random random(4);
    constexpr std::size_t width = posenc::detail::kernel_block, count = 37;
    std::vector<double> scalars(count), rows(count * width), acc(width), plain(width);
    for (double& v : scalars) v = random.normal();
    for (double& v : rows) v = random.normal();
    for (std::size_t b = 0; b < width; ++b) acc[b] = plain[b] = random.normal();
    posenc::detail::add_scaled_rows<width>(
        count, [&](std::size_t k) { return scalars[k]; }, [&](std::size_t k) { return &rows[k * width]; }, acc.data());
    for (std::size_t k = 0; k < count; ++k)
        for (std::size_t b = 0; b < width; ++b) plain[b] += scalars[k] * rows[k * width + b];
    CHECK(acc == plain);
}

TEST_CASE("for_each_block covers 0 .. n-1 once: blocks of eight, then single outputs", "[row_kernels]")
{
    const std::size_t n = GENERATE(0, 5, 8, 19);
    std::vector<int> seen(n, 0);
    std::vector<std::size_t> widths;
    posenc::detail::for_each_block(n, [&](std::size_t start, auto width) {
        widths.push_back(decltype(width)::value);
        for (std::size_t b = 0; b < decltype(width)::value; ++b) ++seen[start + b];
    });
    for (int count : seen) CHECK(count == 1);
    for (std::size_t i = 0; i < widths.size(); ++i) CHECK(widths[i] == (i < n / 8 ? 8u : 1u));
}

TEST_CASE("transposed swaps rows and columns", "[row_kernels]")
{
    const std::vector<double> m{1, 2, 3, 4, 5, 6};  // 2 x 3
    CHECK(posenc::detail::transposed(m.data(), 2, 3) == std::vector<double>{1, 4, 2, 5, 3, 6});
}
