#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "posenc/offset_similarity.hpp"

using posenc::OffsetSimilarityOptions;
using posenc::RopeOptions;
using posenc::RopePairing;
using posenc::RopeScaling;
using posenc::RopeScalingKind;

namespace
{
    /// The seeded q and k offset_similarity draws (q first, then k).
    std::pair<std::vector<double>, std::vector<double>> seeded_pair(std::size_t d, std::uint64_t seed)
    {
        posenc::Random random(seed);
        std::vector<double> q(d), k(d);
        for (double& v : q) v = random.normal();
        for (double& v : k) v = random.normal();
        return {q, k};
    }

    /// One setting of every scaling kind on a head of 32 dimensions (at most 16 rotary pairs), L = 64.
    std::vector<RopeScaling> every_kind(std::size_t pairs)
    {
        RopeScaling yarn_ratio{RopeScalingKind::yarn, 4.0, 64};
        yarn_ratio.ramp = posenc::YarnRamp::ratio;
        RopeScaling longrope{RopeScalingKind::longrope, 4.0, 64};
        for (std::size_t j = 0; j < pairs; ++j)
        {
            longrope.short_factor.push_back(1.0 + 0.1 * static_cast<double>(j));
            longrope.long_factor.push_back(1.5 + 0.4 * static_cast<double>(j));
        }
        return {RopeScaling{},
                RopeScaling{RopeScalingKind::pi, 4.0},
                RopeScaling{RopeScalingKind::ntk, 4.0},
                RopeScaling{RopeScalingKind::yarn, 4.0, 64},
                yarn_ratio,
                RopeScaling{RopeScalingKind::llama3, 8.0, 64, 1.0, 4.0},
                RopeScaling{RopeScalingKind::dynamic, 4.0, 64},
                longrope};
    }
}

TEST_CASE("The sinusoidal dot product against the offset equals its closed form", "[offset]")
{
    // Each table entry is within ~1e-12 of libm (the recurrence's accuracy), so a sum of 64
    // products of size <= 1 stays within 1e-9 of the closed form.
    const auto p = GENERATE(0, 4000, 65000);
    const auto similarity = posenc::offset_similarity({p, 300, 64, {10000.0}, 1});
    REQUIRE(similarity.sinusoidal_dot.size() == 301);
    for (std::size_t delta = 0; delta <= 300; ++delta)
        CHECK(similarity.sinusoidal_dot[delta] == Approx(similarity.sinusoidal_closed_form[delta]).margin(1e-9));
    CHECK(similarity.sinusoidal_dot[0] == Approx(32).margin(1e-12));  // |PE(p)|^2 = d/2
}

TEST_CASE("The RoPE score depends on the offset only, and at offset 0 it is q . k", "[offset]")
{
    const auto near = posenc::offset_similarity({0, 200, 32, {10000.0}, 5});
    const auto far = posenc::offset_similarity({50000, 200, 32, {10000.0}, 5});
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
    CHECK_THROWS_WITH(posenc::offset_similarity({65000, 600, 64, {10000.0}, 1}), Contains("maxOffset") && Contains("0 to 536"));
    CHECK_THROWS_WITH(posenc::offset_similarity({0, 10, 9, {10000.0}, 1}), Contains("dModel") && Contains("even"));
    CHECK_THROWS_WITH(posenc::offset_similarity({0, 10, 8, {1.0}, 1}), Contains("base"));
    CHECK_THROWS_WITH(posenc::offset_similarity({-1, 10, 8, {10000.0}, 1}), Contains("p must be"));
}

TEST_CASE("The RoPE score follows its closed form for every scaling kind, pairing and rotary fraction", "[offset][rope]")
{
    // R(p + delta) q . R(p) k per pair (a, b) turning by theta: cos(delta theta)(q_a k_a + q_b k_b) - sin(delta theta)(q_b k_a - q_a k_b),
    // times the attention factor squared; the unrotated dimensions add q . k over them. theta is rope_frequencies at the
    // sequence length p + maxOffset + 1. Angles up to 3.3e3 rad carry ~1e-12 of rounding (the rotation's recurrence and
    // cos/sin here); 16 terms of size <= 10 keep each score within 1e-9.
    constexpr std::int64_t d = 32, p = 3000, max_offset = 300;
    const auto [q, k] = seeded_pair(d, 7);
    for (const auto pairing : {RopePairing::interleaved, RopePairing::half})
        for (const double fraction : {1.0, 0.5})
            for (auto scaling : every_kind(static_cast<std::size_t>(d * fraction) / 2))
            {
                const RopeOptions rope{500.0, pairing, scaling, fraction};
                CAPTURE(posenc::name_of(scaling.kind), posenc::name_of(scaling.ramp), posenc::name_of(pairing), fraction);
                const auto similarity = posenc::offset_similarity({p, max_offset, d, rope, 7});
                const auto theta = posenc::rope_frequencies(d, rope, p + max_offset + 1);
                const auto rotary = static_cast<std::size_t>(d * fraction);
                const double a = posenc::rope_attention_factor(scaling);
                CHECK(similarity.attention_factor == a);
                double unrotated = 0;
                for (std::size_t c = rotary; c < static_cast<std::size_t>(d); ++c) unrotated += q[c] * k[c];
                for (std::int64_t delta = 0; delta <= max_offset; ++delta)
                {
                    double turned = 0;
                    for (std::size_t j = 0; j < rotary / 2; ++j)
                    {
                        const std::size_t first = pairing == RopePairing::interleaved ? 2 * j : j;
                        const std::size_t second = pairing == RopePairing::interleaved ? 2 * j + 1 : j + rotary / 2;
                        const double angle = static_cast<double>(delta) * theta[j];
                        turned += std::cos(angle) * (q[first] * k[first] + q[second] * k[second])
                                  - std::sin(angle) * (q[second] * k[first] - q[first] * k[second]);
                    }
                    CHECK(similarity.rope_score[static_cast<std::size_t>(delta)] == Approx(a * a * turned + unrotated).margin(1e-9));
                }
            }
}

TEST_CASE("The RoPE score does not depend on p where the frequencies do not follow the sequence length", "[offset][rope]")
{
    // Scalings fixed by s and L give the same curve from p = 0 and p = 20,000 (angles up to 2e4 rad: within 1e-8, as above).
    // Dynamic NTK and LongRoPE read the sequence length: 41 tokens (within L = 64: the plain base, the short factors)
    // against 20,041 (past it: a grown base, the long factors), so their curves move with p.
    constexpr std::int64_t d = 32, max_offset = 40;
    for (auto scaling : every_kind(16))
    {
        CAPTURE(posenc::name_of(scaling.kind));
        const RopeOptions rope{10000.0, RopePairing::half, scaling};
        const auto near = posenc::offset_similarity({0, max_offset, d, rope, 3});
        const auto far = posenc::offset_similarity({20000, max_offset, d, rope, 3});
        double largest = 0;
        for (std::size_t delta = 0; delta <= max_offset; ++delta)
            largest = std::max(largest, std::fabs(far.rope_score[delta] - near.rope_score[delta]));
        if (posenc::scaling_entry(scaling.kind).follows_length) CHECK(largest > 1e-3);
        else CHECK(largest < 1e-8);
    }
}

TEST_CASE("With PI the RoPE score at offset s m is the unscaled score at m", "[offset][rope]")
{
    // PI divides every frequency by s: angle (s m) theta / s = m theta. Offsets up to 1,200 rad: within 1e-9.
    constexpr std::int64_t s = 4;
    const RopeOptions plain{10000.0, RopePairing::interleaved};
    const RopeOptions pi{10000.0, RopePairing::interleaved, RopeScaling{RopeScalingKind::pi, static_cast<double>(s)}};
    const auto unscaled = posenc::offset_similarity({100, 300, 64, plain, 11});
    const auto scaled = posenc::offset_similarity({100, 300 * s, 64, pi, 11});
    for (std::size_t m = 0; m <= 300; ++m) CHECK(scaled.rope_score[m * s] == Approx(unscaled.rope_score[m]).margin(1e-9));
}

TEST_CASE("YaRN's attention factor squared multiplies the rotary part of the score, not the unrotated dimensions", "[offset][rope]")
{
    // Same frequencies with the factor given as 1 and with the default 0.1 ln(s) + 1: the rotary parts differ by its square.
    constexpr std::int64_t d = 32;
    const auto [q, k] = seeded_pair(d, 9);
    double unrotated = 0;
    for (std::size_t c = 16; c < d; ++c) unrotated += q[c] * k[c];
    RopeScaling yarn{RopeScalingKind::yarn, 16.0, 64};
    const auto with_factor = posenc::offset_similarity({0, 200, d, {10000.0, RopePairing::half, yarn, 0.5}, 9});
    yarn.attention_factor = 1.0;
    const auto without = posenc::offset_similarity({0, 200, d, {10000.0, RopePairing::half, yarn, 0.5}, 9});
    const double a = 0.1 * std::log(16.0) + 1;
    CHECK(with_factor.attention_factor == Approx(a).epsilon(1e-15));
    for (std::size_t delta = 0; delta <= 200; ++delta)
        CHECK(with_factor.rope_score[delta] - unrotated == Approx(a * a * (without.rope_score[delta] - unrotated)).margin(1e-12));
}

TEST_CASE("Bad RoPE settings of the similarity chart are refused, naming the argument", "[offset][arguments]")
{
    using Catch::Matchers::Contains;
    RopeOptions mrope{};
    mrope.axes = posenc::RopeAxes::mrope;
    CHECK_THROWS_WITH(posenc::offset_similarity({0, 10, 32, mrope, 1}), Contains("rotaryAxes") && Contains("sequence"));
    CHECK_THROWS_WITH(posenc::offset_similarity({0, 10, 32, {10000.0, RopePairing::half, {}, 0.01}, 1}), Contains("rotaryFraction"));
    CHECK_THROWS_WITH(posenc::offset_similarity({0, 10, 32, {10000.0, RopePairing::half, RopeScaling{RopeScalingKind::pi, 0.5}}, 1}),
                      Contains("scaling.factor"));
    CHECK_THROWS_WITH(posenc::offset_similarity({0, 10, 32, {10000.0, RopePairing::half, RopeScaling{RopeScalingKind::yarn, 4.0}}, 1}),
                      Contains("scaling.trainedLength"));
}
