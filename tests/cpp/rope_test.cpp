#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "posenc/random.hpp"
#include "posenc/rope.hpp"

using posenc::RopeOptions;
using posenc::RopePairing;
using posenc::RopeScalingKind;

namespace
{
    std::vector<double> random_vector(std::size_t n, std::uint64_t seed)
    {
        posenc::Random random(seed);
        std::vector<double> v(n);
        for (double& x : v) x = random.normal();
        return v;
    }

    xt::xtensor<double, 2> as_rows(const std::vector<double>& v, std::size_t rows)
    {
        xt::xtensor<double, 2> x({rows, v.size() / rows});
        std::copy(v.begin(), v.end(), x.begin());
        return x;
    }

    double norm(const xt::xtensor<double, 2>& x, std::size_t row)
    {
        double s = 0;
        for (std::size_t c = 0; c < x.shape(1); ++c) s += x(row, c) * x(row, c);
        return std::sqrt(s);
    }
}

TEST_CASE("RoPE at position 0 is the identity", "[rope]")
{
    const auto x = as_rows(random_vector(64, 1), 1);
    for (auto pairing : {RopePairing::interleaved, RopePairing::half})
        CHECK((posenc::rope(x, std::vector<double>{0}, {10000.0, pairing, {}}) == x));
}

TEST_CASE("RoPE rotates the first pair by p radians and the others by p theta_i", "[rope]")
{
    std::vector<double> v(8, 0.0);
    v[0] = 1;  // interleaved pair 0 is (x0, x1)
    v[2] = 1;  // pair 1 is (x2, x3), theta_1 = 10000^(-2/8) = 0.1
    const auto out = posenc::rope(as_rows(v, 1), std::vector<double>{3}, {});
    CHECK(out(0, 0) == Approx(std::cos(3.0)).margin(1e-15));
    CHECK(out(0, 1) == Approx(std::sin(3.0)).margin(1e-15));
    CHECK(out(0, 2) == Approx(std::cos(0.3)).margin(1e-15));
    CHECK(out(0, 3) == Approx(std::sin(0.3)).margin(1e-15));
}

TEST_CASE("RoPE preserves the norm of every row", "[rope][property]")
{
    const std::vector<double> positions{1, 77, 2048, 5000, 65536};
    const auto x = as_rows(random_vector(5 * 128, 2), 5);
    const auto out = posenc::rope(x, positions, {10000.0, RopePairing::half, {}});
    // Each pair is rotated by an orthogonal 2x2 matrix; rounding is ~1e-15 per entry.
    for (std::size_t row = 0; row < 5; ++row) CHECK(norm(out, row) == Approx(norm(x, row)).margin(1e-12));
}

TEST_CASE("The RoPE score depends only on m - n, up to position 65,536", "[rope][property]")
{
    const auto q = random_vector(64, 3), k = random_vector(64, 4);
    const auto pairing = GENERATE(RopePairing::interleaved, RopePairing::half);
    const RopeOptions options{10000.0, pairing, {}};
    for (double offset : {0.0, 1.0, 100.0, 3000.0})
    {
        const double reference = posenc::rope_score(q, k, offset, 0, options);
        // Angles up to 65,536 rad carry ~7e-12 of rounding; 64 terms of size ~1 keep the score within 1e-9.
        for (double n : {1.0, 1000.0, 60000.0}) CHECK(posenc::rope_score(q, k, n + offset, n, options) == Approx(reference).margin(1e-9));
    }
}

TEST_CASE("The two pairings are the same rotation up to a fixed permutation of dimensions", "[rope][pairing]")
{
    const std::size_t d = 16;
    const auto x = as_rows(random_vector(3 * d, 5), 3);
    // interleaved position 2i <-> half position i; 2i+1 <-> i + d/2
    auto permute = [&](const xt::xtensor<double, 2>& in) {
        xt::xtensor<double, 2> out(in.shape());
        for (std::size_t r = 0; r < in.shape(0); ++r)
            for (std::size_t i = 0; i < d / 2; ++i)
            {
                out(r, i) = in(r, 2 * i);
                out(r, i + d / 2) = in(r, 2 * i + 1);
            }
        return out;
    };
    const std::vector<double> positions{3, 900, 5000};
    const auto interleaved = posenc::rope(x, positions, {10000.0, RopePairing::interleaved, {}});
    const auto half = posenc::rope(permute(x), positions, {10000.0, RopePairing::half, {}});
    const auto expected = permute(interleaved);
    for (std::size_t cell = 0; cell < half.size(); ++cell) CHECK(half.data()[cell] == expected.data()[cell]);
}

TEST_CASE("Position Interpolation divides every frequency by the factor", "[rope][scaling]")
{
    const auto plain = posenc::rope_frequencies(64, {});
    const auto pi = posenc::rope_frequencies(64, {10000.0, RopePairing::interleaved, {RopeScalingKind::pi, 4.0, 2048}});
    for (std::size_t i = 0; i < plain.size(); ++i) CHECK(pi[i] == Approx(plain[i] / 4).epsilon(1e-15));
}

TEST_CASE("NTK-aware scaling keeps the fastest pair and divides the slowest by the factor", "[rope][scaling]")
{
    // base' = base s^(d/(d-2)) gives theta_{d/2-1}' = base'^(-(d-2)/d) = theta_{d/2-1} / s exactly.
    const double s = 5000.0 / 2048;
    const auto plain = posenc::rope_frequencies(64, {});
    const auto ntk = posenc::rope_frequencies(64, {10000.0, RopePairing::interleaved, {RopeScalingKind::ntk, s, 2048}});
    CHECK(ntk[0] == plain[0]);
    CHECK(ntk[31] == Approx(plain[31] / s).epsilon(1e-12));
    // FACTS.md: the NTK base for head dim 64 at s = 2.44 is about 25,100.
    CHECK(10000.0 * std::pow(s, 64.0 / 62.0) == Approx(25100).margin(100));
}

TEST_CASE("YaRN as the paper writes it ramps linearly in r = L / wavelength between alpha and beta", "[rope][scaling]")
{
    const double s = 5000.0 / 2048;
    RopeOptions yarn{10000.0, RopePairing::interleaved, {RopeScalingKind::yarn, s, 2048}};
    yarn.scaling.ramp = posenc::YarnRamp::ratio;
    const auto plain = posenc::rope_frequencies(64, {});
    const auto scaled = posenc::rope_frequencies(64, yarn);
    for (std::size_t i = 0; i < plain.size(); ++i)
    {
        const double r = 2048 * plain[i] / (2 * std::numbers::pi);     // turns completed within L
        const double ramp = std::clamp((r - 1) / (32 - 1), 0.0, 1.0);  // alpha = betaSlow = 1, beta = betaFast = 32
        CHECK(scaled[i] == Approx((1 - ramp) * plain[i] / s + ramp * plain[i]).epsilon(1e-14));
        if (r > 32) CHECK(scaled[i] == plain[i]);
    }
    // FACTS.md: the temperature factor 0.1 ln(s) + 1 is about 1.089 for s = 2.44.
    CHECK(posenc::rope_attention_factor(yarn.scaling) == Approx(1.0893).margin(5e-4));
}

TEST_CASE("YaRN as HF and the YaRN code compute it ramps linearly in the pair index between the correction dims", "[rope][scaling]")
{
    // d 64, base 10000, L 2048: pair i turns L / (2 pi 10000^(i/32)) times, 32 turns at i = 8.06 and 1 at i = 20.1,
    // so the ramp runs from floor(8.06) = 8 to ceil(20.1) = 21: pairs up to 8 are kept, pairs from 21 divided by s.
    const double s = 4.0;
    const RopeOptions yarn{10000.0, RopePairing::interleaved, {RopeScalingKind::yarn, s, 2048}};
    const auto plain = posenc::rope_frequencies(64, {});
    const auto scaled = posenc::rope_frequencies(64, yarn);
    const double low = 32 * std::log(2048 / (32 * 2 * std::numbers::pi)) / std::log(10000.0);
    const double high = 32 * std::log(2048 / (1 * 2 * std::numbers::pi)) / std::log(10000.0);
    REQUIRE(std::floor(low) == 8);
    REQUIRE(std::ceil(high) == 21);
    for (std::size_t i = 0; i < plain.size(); ++i)
    {
        const double interpolated = std::clamp((static_cast<double>(i) - 8) / (21 - 8), 0.0, 1.0);
        CHECK(scaled[i] == Approx(plain[i] / s * interpolated + plain[i] * (1 - interpolated)).epsilon(1e-14));
    }
    CHECK(scaled[8] == plain[8]);
    CHECK(scaled[21] == Approx(plain[21] / s).epsilon(1e-15));
    // The forms differ most inside the ramp: the paper's ramp is linear in r, exponential in i.
    RopeOptions paper = yarn;
    paper.scaling.ramp = posenc::YarnRamp::ratio;
    const auto ratio = posenc::rope_frequencies(64, paper);
    double widest = 0;
    for (std::size_t i = 0; i < plain.size(); ++i) widest = std::max(widest, std::fabs(scaled[i] - ratio[i]) / ratio[i]);
    CHECK(widest > 0.2);
}

TEST_CASE("RoPE refuses odd head dimensions, bad bases and bad factors", "[rope][arguments]")
{
    using Catch::Matchers::Contains;
    CHECK_THROWS_WITH(posenc::rope_frequencies(63, {}), Contains("even"));
    CHECK_THROWS_WITH(posenc::rope_frequencies(64, {0.5, RopePairing::half, {}}), Contains("base"));
    CHECK_THROWS_WITH(posenc::rope_frequencies(64, {10000.0, RopePairing::half, {RopeScalingKind::pi, 0.5, 0}}),
                      Contains("scaling.factor"));
    CHECK_THROWS_WITH(posenc::rope_frequencies(64, {10000.0, RopePairing::half, {RopeScalingKind::yarn, 2, 0}}),
                      Contains("scaling.trainedLength"));
}

TEST_CASE("Each scaling kind checks only the fields its entry says it reads", "[rope][arguments]")
{
    using posenc::RopeScalingKind;
    CHECK_FALSE(posenc::check_rope_options(64, {10000.0, RopePairing::half, {RopeScalingKind::none, 0.5, -1}}));
    CHECK_FALSE(posenc::check_rope_options(64, {10000.0, RopePairing::half, {RopeScalingKind::pi, 2, -1}}));
    CHECK(posenc::check_rope_options(64, {10000.0, RopePairing::half, {RopeScalingKind::yarn, 2, -1}})->argument
          == "scaling.trainedLength");
    for (const auto& entry : posenc::rope_scaling_names) CHECK(&posenc::scaling_entry(entry.value) == &entry);
}

TEST_CASE("Rotating and scoring refuse mismatched sizes in the house format", "[rope][arguments]")
{
    std::vector<double> rows(6);
    CHECK_THROWS_WITH(posenc::rope_in_place(rows, 4, std::vector<double>{0, 1}, {}),
                      "x.length must be positions.length x headDim = 8; got 6");
    CHECK_THROWS_WITH(posenc::rope_in_place(rows, 3, std::vector<double>{0, 1}, {}),
                      "headDim must be even: RoPE rotates pairs of dimensions; got 3");
    CHECK_THROWS_WITH(posenc::rope_in_place(std::span<double>{}, 4, std::vector<double>{}, {}),
                      "positions.length must be at least 1; got 0");
    const std::vector<double> q{1, 0, 0, 1}, k{0, 1, 1};
    CHECK_THROWS_WITH(posenc::rope_score(q, k, 3, 1, {}), "k.length must be equal to q.length (4); got 3");
    // No table: positions reach limits::max_analysis_position (2^24).
    CHECK_THROWS_WITH(posenc::rope_score(q, q, 3, 16777217, {}), "n must be an integer from 0 to 16777216; got 16777217");
    CHECK_FALSE(posenc::check_rope_shape(2, 8, {}));
    CHECK(posenc::check_rope_shape(2, 7, {})->argument == "x.length");
}

// Runs of consecutive positions take SinusoidalRows' angle-addition recurrence for cos and sin
// of p theta_i; this compares a long run near the position cap with the rotation written out
// with libm. Angles reach 65,535 rad, known only to half an ulp (7.3e-12) either way, and the
// recurrence drifts by ~1e-13 between anchors: with |x| entries below 5 (normal draws), a
// rotated entry may differ by up to ~1e-10, the bound the sinusoidal table is held to.
TEST_CASE("RoPE over a run of consecutive positions matches the rotation by libm's sin and cos", "[rope][accuracy]")
{
    const auto [kind, pairing] = GENERATE(table<RopeScalingKind, RopePairing>({
        {RopeScalingKind::none, RopePairing::interleaved},
        {RopeScalingKind::none, RopePairing::half},
        {RopeScalingKind::pi, RopePairing::interleaved},
        {RopeScalingKind::ntk, RopePairing::half},
        {RopeScalingKind::yarn, RopePairing::interleaved},
    }));
    const std::size_t d = 64, rows = 3000;
    const RopeOptions options{10000.0, pairing, {kind, 8.0, 4096}};
    std::vector<double> positions(rows);
    for (std::size_t r = 0; r < rows; ++r) positions[r] = static_cast<double>(r < 100 ? 7 * r : 62535 + r);  // a gap, then a run
    const auto x = as_rows(random_vector(rows * d, 11), rows);
    const auto rotated = posenc::rope(x, positions, options);
    const auto theta = posenc::rope_frequencies(static_cast<std::int64_t>(d), options);
    double worst = 0;
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t i = 0; i < d / 2; ++i)
        {
            const std::size_t a = pairing == RopePairing::interleaved ? 2 * i : i;
            const std::size_t b = pairing == RopePairing::interleaved ? 2 * i + 1 : i + d / 2;
            const double angle = positions[r] * theta[i], c = std::cos(angle), s = std::sin(angle);
            for (const double error :
                 {std::fabs(rotated(r, a) - (x(r, a) * c - x(r, b) * s)), std::fabs(rotated(r, b) - (x(r, a) * s + x(r, b) * c))})
                if (!(error <= worst)) worst = error;  // a NaN counts as the worst
        }
    const double worst_in_1e12 = worst * 1e12;  // Catch prints doubles in fixed notation
    CAPTURE(static_cast<int>(kind), static_cast<int>(pairing), worst_in_1e12);
    CHECK(worst < 1e-10);
}

TEST_CASE("Partial rotary rotates the first dimensions as a smaller head and leaves the rest alone", "[rope][partial]")
{
    // GPT-NeoX: rotary_pct 0.25 of head dim 96 rotates 24 dimensions with frequencies base^(-2i/24).
    RopeOptions partial{10000.0, RopePairing::half, {}};
    partial.rotary_fraction = 0.25;
    const std::vector<double> positions{0, 17, 5000, 200000};
    const auto x = as_rows(random_vector(4 * 96, 21), 4);
    const auto rotated = posenc::rope(x, positions, partial);
    xt::xtensor<double, 2> block({4, 24});
    for (std::size_t r = 0; r < 4; ++r)
        for (std::size_t c = 0; c < 24; ++c) block(r, c) = x(r, c);
    const auto alone = posenc::rope(block, positions, {10000.0, RopePairing::half, {}});
    for (std::size_t r = 0; r < 4; ++r)
    {
        for (std::size_t c = 0; c < 24; ++c) CHECK(rotated(r, c) == alone(r, c));
        for (std::size_t c = 24; c < 96; ++c) CHECK(rotated(r, c) == x(r, c));  // no position in these
    }
    CHECK(posenc::rope_frequencies(96, partial) == posenc::rope_frequencies(24, {}));
}

TEST_CASE("M-RoPE turns each section of pairs with its coordinate, and text positions (p, p, p) are plain RoPE", "[rope][multimodal]")
{
    RopeOptions mrope{1000000.0, RopePairing::half, {}};
    mrope.axes = posenc::RopeAxes::mrope;
    mrope.mrope_section = {16, 24, 24};
    const std::size_t d = 128;
    const auto x = as_rows(random_vector(2 * d, 22), 2);
    // Text: t = h = w, the same rotation as one index.
    const auto text = posenc::rope(x, std::vector<double>{7, 7, 7, 300, 300, 300}, mrope);
    const auto plain = posenc::rope(x, std::vector<double>{7, 300}, {1000000.0, RopePairing::half, {}});
    for (std::size_t cell = 0; cell < text.size(); ++cell) CHECK(text.data()[cell] == plain.data()[cell]);
    // A patch (t, h, w) = (2, 5, 9): pairs 0..15 turn by 2 theta, 16..39 by 5 theta, 40..63 by 9 theta.
    const auto patch = posenc::rope(x, std::vector<double>{2, 5, 9, 2, 5, 9}, mrope);
    const auto theta = posenc::rope_frequencies(128, mrope);
    const auto axes = posenc::rope_pair_axes(128, mrope);
    for (std::size_t j = 0; j < 64; ++j)
    {
        const double coordinate = std::array<double, 3>{2, 5, 9}[axes[j]];
        CHECK(axes[j] == (j < 16 ? 0 : j < 40 ? 1 : 2));
        const double c = std::cos(coordinate * theta[j]), s = std::sin(coordinate * theta[j]);
        CHECK(patch(0, j) == Approx(x(0, j) * c - x(0, j + 64) * s).margin(1e-14));
        CHECK(patch(0, j + 64) == Approx(x(0, j) * s + x(0, j + 64) * c).margin(1e-14));
    }
}

TEST_CASE("2D axial RoPE: the score of two patches depends on their row and column offsets only", "[rope][multimodal]")
{
    RopeOptions axial{10000.0, RopePairing::half, {}};
    axial.axes = posenc::RopeAxes::axial;
    const std::size_t d = 80;
    const auto q = random_vector(d, 23), k = random_vector(d, 24);
    const auto score = [&](double qh, double qw, double kh, double kw) {
        xt::xtensor<double, 2> pair({2, d});
        std::copy(q.begin(), q.end(), pair.begin());
        std::copy(k.begin(), k.end(), pair.begin() + static_cast<std::ptrdiff_t>(d));
        const auto rotated = posenc::rope(pair, std::vector<double>{qh, qw, kh, kw}, axial);
        double sum = 0;
        for (std::size_t c = 0; c < d; ++c) sum += rotated(0, c) * rotated(1, c);
        return sum;
    };
    const double reference = score(5, 7, 2, 3);  // offsets (3, 4)
    CHECK(score(13, 30, 10, 26) == Approx(reference).margin(1e-12));
    CHECK(score(3, 4, 0, 0) == Approx(reference).margin(1e-12));
    CHECK(std::fabs(score(4, 5, 0, 0) - reference) > 1e-6);  // another offset, another score
    // The h half and the w half take the same 20 frequencies, those of a 40-dimension head.
    const auto theta = posenc::rope_frequencies(80, axial);
    const auto half = posenc::rope_frequencies(40, {});
    for (std::size_t j = 0; j < 20; ++j) CHECK((theta[j] == half[j] && theta[j + 20] == half[j]));
    // Patch (h, w) = (5, 9), half pairing (pair j: dimensions j and j + 40): pairs 0..19 turn by 5 theta,
    // pairs 20..39 by 9 theta, as Qwen2-VL's vision tower concatenates its h and w angles.
    const auto patch = posenc::rope(as_rows(q, 1), std::vector<double>{5, 9}, axial);
    for (std::size_t j = 0; j < 40; ++j)
    {
        const double angle = (j < 20 ? 5.0 : 9.0) * half[j % 20], c = std::cos(angle), s = std::sin(angle);
        CHECK(patch(0, j) == Approx(q[j] * c - q[j + 40] * s).margin(1e-14));
        CHECK(patch(0, j + 40) == Approx(q[j] * s + q[j + 40] * c).margin(1e-14));
    }
}

// Past 65,536 the angle p theta is itself known only to half an ulp (2^-53 p theta): at 2^21 with
// theta = 1 that is 2.3e-10 rad, so rotated entries (|x| < 5) may differ from libm's by ~2e-9.
// A row repeated (an image row's h coordinate) is the same row again.
TEST_CASE("RoPE near position 2^21 matches libm within the angle's own rounding, and repeated positions repeat rows", "[rope][accuracy]")
{
    const std::size_t d = 64, rows = 600;
    std::vector<double> positions(rows);
    for (std::size_t r = 0; r < rows; ++r) positions[r] = static_cast<double>((1 << 21) - 300 + static_cast<std::int64_t>(r));
    positions[400] = positions[399];  // a repeat inside a run
    const RopeOptions options{500000.0, RopePairing::interleaved, {}};
    const auto x = as_rows(random_vector(rows * d, 25), rows);
    const auto rotated = posenc::rope(x, positions, options);
    const auto theta = posenc::rope_frequencies(64, options);
    double worst = 0;
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t i = 0; i < d / 2; ++i)
        {
            const double angle = positions[r] * theta[i], c = std::cos(angle), s = std::sin(angle);
            const double error = std::fabs(rotated(r, 2 * i) - (x(r, 2 * i) * c - x(r, 2 * i + 1) * s));
            if (!(error <= worst)) worst = error;
        }
    const double worst_in_1e9 = worst * 1e9;
    CAPTURE(worst_in_1e9);
    CHECK(worst < 2e-9);
    xt::xtensor<double, 2> same({2, d});
    for (std::size_t c = 0; c < d; ++c) same(0, c) = same(1, c) = x(0, c);
    const auto twice = posenc::rope(same, std::vector<double>{123456, 123456}, options);
    for (std::size_t c = 0; c < d; ++c) CHECK(twice(0, c) == twice(1, c));
}

TEST_CASE("RoPE checks the rotary layout in the house format", "[rope][arguments]")
{
    RopeOptions options{10000.0, RopePairing::half, {}};
    options.rotary_fraction = 0.2;
    CHECK(posenc::check_rope_options(8, options)->message()
          == "rotaryFraction must be a fraction of headDim (8) that rotates a positive multiple of 2 dimensions; got 0.2 (1 dimensions)");
    options.rotary_fraction = 1;
    options.axes = posenc::RopeAxes::mrope;
    CHECK(posenc::check_rope_options(64, options)->message()
          == "mropeSection must be pairs of t, h and w that add up to the 32 rotary pairs; got a sum of 64");
    CHECK(posenc::check_rope_shape(4, 16, options)->message() == "positions.length must be a multiple of 3 (one (t, h, w) per row); got 4");
    options.axes = posenc::RopeAxes::axial;
    CHECK(posenc::check_rope_options(6, options)->argument == "rotaryFraction");
}
