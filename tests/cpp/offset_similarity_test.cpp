#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "posenc/offset_similarity.hpp"

using posenc::OffsetSimilarityOptions;

TEST_CASE("The sinusoidal dot product against the offset equals its closed form", "[offset]")
{
    // Each table entry is within ~1e-12 of libm (the recurrence's accuracy), so a sum of 64
    // products of size <= 1 stays within 1e-9 of the closed form.
    const auto p = GENERATE(0, 4000, 65000);
    const auto similarity = posenc::offset_similarity({p, 300, 64, 10000.0, 1});
    REQUIRE(similarity.sinusoidal_dot.size() == 301);
    for (std::size_t delta = 0; delta <= 300; ++delta)
        CHECK(similarity.sinusoidal_dot[delta] == Approx(similarity.sinusoidal_closed_form[delta]).margin(1e-9));
    CHECK(similarity.sinusoidal_dot[0] == Approx(32).margin(1e-12));  // |PE(p)|^2 = d/2
}

TEST_CASE("The RoPE score depends on the offset only, and at offset 0 it is q . k", "[offset]")
{
    const auto near = posenc::offset_similarity({0, 200, 32, 10000.0, 5});
    const auto far = posenc::offset_similarity({50000, 200, 32, 10000.0, 5});
    // Angles up to 5e4 rad carry ~1e-11 of rounding; 32 terms of size ~3 keep the score within 1e-8.
    for (std::size_t delta = 0; delta <= 200; ++delta) CHECK(far.rope_score[delta] == Approx(near.rope_score[delta]).margin(1e-8));
    posenc::Random random(5);
    std::vector<double> q(32), k(32);
    for (double& v : q) v = random.normal();
    for (double& v : k) v = random.normal();
    double dot = 0;
    for (std::size_t c = 0; c < 32; ++c) dot += q[c] * k[c];
    CHECK(near.rope_score[0] == Approx(dot).margin(1e-12));
}

TEST_CASE("Offsets past the last position and odd widths are refused, naming the argument", "[offset][arguments]")
{
    using Catch::Matchers::Contains;
    CHECK_THROWS_WITH(posenc::offset_similarity({65000, 600, 64, 10000.0, 1}), Contains("maxOffset") && Contains("0 to 536"));
    CHECK_THROWS_WITH(posenc::offset_similarity({0, 10, 9, 10000.0, 1}), Contains("dModel") && Contains("even"));
    CHECK_THROWS_WITH(posenc::offset_similarity({0, 10, 8, 1.0, 1}), Contains("base"));
    CHECK_THROWS_WITH(posenc::offset_similarity({-1, 10, 8, 10000.0, 1}), Contains("p must be"));
}
