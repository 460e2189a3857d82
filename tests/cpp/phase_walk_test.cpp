#include <catch2/catch.hpp>

#include <cmath>
#include <cstddef>
#include <vector>

#include "posenc/phase_walk.hpp"
#include "posenc/random.hpp"

TEST_CASE("The anchor walk's leaps land on cos and sin of k A w, and the step before them", "[phase_walk]")
{
    // Each leap is one rotation (a few ulp); 200 leaps keep within 1e-12 of libm.
    const std::vector<double> w{1.0, 0.1, 1e-4, 2.9};
    posenc::AnchorWalk walk(w);
    constexpr auto A = static_cast<double>(posenc::AnchorWalk::steps_per_anchor);
    for (int k = 0; k <= 200; ++k)
    {
        for (std::size_t i = 0; i < w.size(); ++i)
        {
            CHECK(walk.cos()[i] == Approx(std::cos(k * A * w[i])).margin(1e-12));
            CHECK(walk.sin()[i] == Approx(std::sin(k * A * w[i])).margin(1e-12));
            CHECK(walk.previous_cos()[i] == Approx(std::cos((k * A - 1) * w[i])).margin(1e-12));
            CHECK(walk.previous_sin()[i] == Approx(std::sin((k * A - 1) * w[i])).margin(1e-12));
        }
        walk.leap();
    }
}

TEST_CASE("Weighted sums of sinusoids by recurrence match direct evaluation", "[phase_walk]")
{
    // out[j] += sum_c weights(j)[c] (on_sin[c] sin(j w_c) + on_cos[c] cos(j w_c)). The recurrence's
    // drift stays below A^2 ulp relative (~5e-13) of terms of size ~1; 6 components: within 1e-10.
    posenc::Random random(8);
    const std::vector<double> w{0.9, 0.31, 0.05, 1e-3, 2.5, 0.0};
    std::vector<double> on_sin(w.size()), on_cos(w.size()), weights(3000 * w.size());
    for (double& v : on_sin) v = random.normal();
    for (double& v : on_cos) v = random.normal();
    for (double& v : weights) v = random.normal();
    std::vector<double> out(3000, 1.0);  // added to, not overwritten
    posenc::add_weighted_sinusoids(
        w, on_sin, on_cos, [&](std::size_t j) { return &weights[j * w.size()]; }, out);
    for (std::size_t j = 0; j < out.size(); j += 7)
    {
        double direct = 1.0;
        for (std::size_t c = 0; c < w.size(); ++c)
        {
            const double angle = static_cast<double>(j) * w[c];
            direct += weights[j * w.size() + c] * (on_sin[c] * std::sin(angle) + on_cos[c] * std::cos(angle));
        }
        CHECK(out[j] == Approx(direct).margin(1e-10));
    }
}
