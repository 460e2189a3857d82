#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "posenc/beyond_trained.hpp"

using posenc::BeyondTrainedOptions;

TEST_CASE("Sinusoidal d 512 trained to 2,048: 95 of 256 pairs have a wavelength over 2,048", "[beyond][sinusoidal]")
{
    const auto w = posenc::sinusoidal_frequencies(512, 10000.0);
    const auto pairs = posenc::analyse_pairs(w, w, {5000, 2048});
    CHECK(pairs.wavelength.size() == 256);
    CHECK(pairs.long_wavelength_count == 95);
    CHECK(pairs.wavelength.back() == Approx(60611).margin(10));  // FACTS.md: about 60,600
    // Every pair that never completed a turn and whose angle at 5,000 still lies past the
    // largest trained angle is out of range; pairs that did complete a turn never are.
    for (std::size_t i = 0; i < 256; ++i)
        if (pairs.completed_turn[i]) CHECK_FALSE(pairs.out_of_range[i]);
    CHECK(pairs.out_of_range_count > 0);
    CHECK(pairs.out_of_range_count <= pairs.long_wavelength_count);
}

TEST_CASE("RoPE head dim 64: 11 of 32 long pairs, the slowest at 0.273 rad at 2,047 and 0.667 at 5,000", "[beyond][rope]")
{
    const auto theta = posenc::rope_frequencies(64, {});
    const auto pairs = posenc::analyse_pairs(theta, theta, {5000, 2048});
    CHECK(pairs.long_wavelength_count == 11);
    CHECK(pairs.wavelength.back() == Approx(47117).margin(5));  // FACTS.md: about 47,000
    CHECK(pairs.seen_max.back() == Approx(0.273).margin(5e-4));
    CHECK(pairs.angle_at_p.back() == Approx(0.667).margin(5e-4));
    CHECK(pairs.out_of_range.back());
    const auto theta128 = posenc::rope_frequencies(128, {});
    CHECK(posenc::analyse_pairs(theta128, theta128, {5000, 2048}).long_wavelength_count == 23);
}

TEST_CASE("Position Interpolation brings every pair back inside the trained range", "[beyond][rope][scaling]")
{
    const auto trained = posenc::rope_frequencies(64, {});
    const auto plain = posenc::analyse_pairs(trained, trained, {5000, 2048});
    CHECK(plain.out_of_range_count == 9);  // 11 long pairs; 2 of them wrapped back into seen angles
    // s = 5000/2047 maps p = 5000 onto the last trained position 2047.
    const auto exact =
        posenc::rope_frequencies(64, {10000.0, posenc::RopePairing::interleaved, {posenc::RopeScalingKind::pi, 5000.0 / 2047, 2048}});
    CHECK(posenc::analyse_pairs(trained, exact, {5000, 2048}).out_of_range_count == 0);
    // s = 5000/2048 maps it to 2048, one step past training: every long pair overshoots slightly.
    const auto near =
        posenc::rope_frequencies(64, {10000.0, posenc::RopePairing::interleaved, {posenc::RopeScalingKind::pi, 5000.0 / 2048, 2048}});
    CHECK(posenc::analyse_pairs(trained, near, {5000, 2048}).out_of_range_count == 11);
}

TEST_CASE("NTK and YaRN pull the slowest pair back inside the trained range at 5,000", "[beyond][rope][scaling]")
{
    const auto trained = posenc::rope_frequencies(64, {});
    const double s = 5000.0 / 2047;
    for (auto kind : {posenc::RopeScalingKind::ntk, posenc::RopeScalingKind::yarn})
    {
        const auto used = posenc::rope_frequencies(64, {10000.0, posenc::RopePairing::interleaved, {kind, s, 2048}});
        const auto pairs = posenc::analyse_pairs(trained, used, {5000, 2048});
        CHECK_FALSE(pairs.out_of_range.back());
    }
}

TEST_CASE("The nearest trained sinusoidal encoding to PE(5000) is close but not equal", "[beyond][sinusoidal]")
{
    const auto nearest = posenc::nearest_trained_sinusoidal({5000, 2048}, {64, 10000.0});
    CHECK(nearest.position >= 0);
    CHECK(nearest.position < 2048);
    CHECK(nearest.cosine < 1.0);
    CHECK(nearest.cosine > 0.0);
    // Within the trained range PE(q) is its own nearest neighbour.
    const auto inside = posenc::nearest_trained_sinusoidal({1000, 2048}, {64, 10000.0});
    CHECK(inside.position == 1000);
    CHECK(inside.cosine == Approx(1.0).margin(1e-12));
    const auto odd = posenc::nearest_trained_sinusoidal({1000, 2048}, {63, 10000.0});  // the row-by-row path
    CHECK(odd.position == 1000);
    CHECK(odd.cosine == Approx(1.0).margin(1e-12));
}

TEST_CASE("The closed-form nearest search agrees with comparing generated rows", "[beyond][sinusoidal]")
{
    for (std::int64_t p : {0, 700, 2047, 5000, 65536})
    {
        const auto closed = posenc::nearest_trained_sinusoidal({p, 2048}, {64, 10000.0});
        // Direct: every row, full dot products and norms.
        std::vector<double> positions(2048);
        for (std::size_t q = 0; q < positions.size(); ++q) positions[q] = static_cast<double>(q);
        const auto rows = posenc::sinusoidal(positions, {64, 10000.0});
        const auto at_p = posenc::sinusoidal(std::vector<double>{static_cast<double>(p)}, {64, 10000.0});
        std::int64_t best = 0;
        double best_cosine = -2;
        for (std::size_t q = 0; q < positions.size(); ++q)
        {
            double dot = 0;
            for (std::size_t c = 0; c < 64; ++c) dot += at_p(0, c) * rows(q, c);
            if (dot / 32 > best_cosine)
            {
                best_cosine = dot / 32;
                best = static_cast<std::int64_t>(q);
            }
        }
        CAPTURE(p);
        CHECK(closed.position == best);
        CHECK(closed.cosine == Approx(best_cosine).margin(1e-10));  // recurrence vs direct rounding
    }
}

TEST_CASE("Learned table at 5,000 with 2,048 rows: what each policy hands over and costs", "[beyond][learned]")
{
    const auto effects = posenc::learned_overflow_effects({5000, 2048});
    REQUIRE(effects.size() == 5);
    CHECK(std::isnan(effects[0].source_row));  // error: no row
    CHECK(effects[1].source_row == 2047);      // clamp
    CHECK(effects[1].shared_positions == 5000 - 2048 + 2);
    CHECK(effects[2].source_row == 5000 % 2048);                           // wrap
    CHECK(effects[2].shared_positions == 3);                               // 904, 2952, 5000
    CHECK(effects[3].dropped == 5001 - 2048);                              // window
    CHECK(effects[4].row_spacing == Approx(2047.0 / 5000).margin(1e-15));  // interpolate
}

TEST_CASE("ALiBi at 5,000 with 8 heads masks far tokens", "[beyond][alibi]")
{
    const auto reach = posenc::alibi_reach(8, 5000);
    CHECK(reach.bias_at_p.front() == -2500.0);
    CHECK(reach.bias_at_p.back() == Approx(-19.53).margin(0.01));
    CHECK(reach.effective_span.front() == Approx(std::log(1e6) * 2).margin(1e-12));
}

TEST_CASE("T5 at 5,000 shares the last bucket with every distance from 91", "[beyond][t5]")
{
    const auto reach = posenc::t5_reach(5000, {true, 32, 128});
    CHECK(reach.bucket == 15);
    CHECK(reach.first_distance_in_bucket == 91);
}

TEST_CASE("T5's first distance in a bucket found by bisection equals walking down one distance at a time", "[beyond][t5]")
{
    const auto options = GENERATE(posenc::T5BucketOptions{true, 32, 128}, posenc::T5BucketOptions{false, 32, 128},
                                  posenc::T5BucketOptions{false, 8, 20}, posenc::T5BucketOptions{true, 64, 1000});
    for (std::int64_t p : {0, 1, 7, 15, 16, 17, 40, 91, 127, 128, 129, 999, 5000})
    {
        std::int64_t walked = p;
        while (walked > 0 && posenc::t5_bucket(-(walked - 1), options) == posenc::t5_bucket(-p, options)) --walked;
        CAPTURE(p, options.bidirectional, options.num_buckets, options.max_distance);
        CHECK(posenc::t5_reach(p, options).first_distance_in_bucket == walked);
    }
}

TEST_CASE("The analyses at p check what they read, naming it", "[beyond][arguments]")
{
    CHECK(posenc::check_sinusoidal_beyond({5000, 2048}, {1, 10000.0})->message() == "dModel must be an integer from 2 to 4096; got 1");
    CHECK(posenc::check_sinusoidal_beyond({5000, 65537}, {1023, 10000.0})->argument == "trainedLength x dModel");
    CHECK(posenc::check_sinusoidal_beyond({-1, 2048}, {64, 10000.0})->argument == "p");
    CHECK(posenc::check_alibi_reach(0, 10)->argument == "nHeads");
    CHECK(posenc::check_t5_reach(10, {true, 31, 128})->argument == "numBuckets");
    CHECK_FALSE(posenc::check_t5_reach(5000, {}));
}

TEST_CASE("analyse_pairs refuses used and trained frequency lists of different lengths (fuzz finding)", "[beyond][arguments]")
{
    // It reads them side by side: a shorter `used` was read past its end.
    const std::vector<double> trained{1.0, 0.1, 0.01, 0.001}, used{1.0, 0.1};
    CHECK_THROWS_WITH(posenc::analyse_pairs(trained, used, {5000, 2048}), Catch::Matchers::Contains("used.length"));
    CHECK_THROWS_AS(posenc::analyse_pairs(used, trained, {5000, 2048}), std::invalid_argument);
    CHECK_NOTHROW(posenc::analyse_pairs(trained, trained, {5000, 2048}));
}

TEST_CASE("Past 65,536 trained positions the search goes pass by pass and still finds the direct argmax", "[beyond][sinusoidal]")
{
    // L = 200,000 is four passes. Direct: sum_i cos((p - q) w_i) by libm for every q, largest q among equals.
    const std::int64_t length = 200000;
    const auto [p, d] = GENERATE(table<std::int64_t, std::int64_t>({{2000000, 32}, {150000, 32}, {1048576, 16}}));
    const auto w = posenc::sinusoidal_frequencies(d, 10000.0);
    std::int64_t best = -1;
    double best_sum = -1e300;
    for (std::int64_t q = length - 1; q >= 0; --q)
    {
        double sum = 0;
        for (double frequency : w) sum += std::cos(static_cast<double>(p - q) * frequency);
        if (sum > best_sum + 1e-9)  // a tie within rounding keeps the larger q, as the search does
        {
            best_sum = sum;
            best = q;
        }
    }
    const auto nearest = posenc::nearest_trained_sinusoidal({p, length}, {d, 10000.0});
    CAPTURE(p, d, best, best_sum);
    CHECK(nearest.position == best);
    CHECK(nearest.cosine == Approx(best_sum / static_cast<double>(w.size())).margin(1e-10));
}

TEST_CASE("Searching stretch by stretch, highest first, and keeping the best finds the whole search's row", "[beyond][sinusoidal]")
{
    const auto [p, d, length] =
        GENERATE(table<std::int64_t, std::int64_t, std::int64_t>({{2000000, 32, 200000}, {5000, 64, 2048}, {9000, 63, 4000}}));
    const posenc::BeyondTrainedOptions where{p, length};
    const posenc::SinusoidalOptions encoding{d, 10000.0};
    const auto whole = posenc::nearest_trained_sinusoidal(where, encoding);
    const std::int64_t stretch = 1000;  // not a divisor of any L here, nor of the search's passes
    posenc::NearestTrained best{-1, -2};
    for (std::int64_t to = length; to > 0; to -= stretch)
    {
        const auto found = posenc::nearest_trained_sinusoidal(where, encoding, {std::max<std::int64_t>(0, to - stretch), to});
        CHECK(found.position >= std::max<std::int64_t>(0, to - stretch));
        CHECK(found.position < to);
        // Even d keeps the largest q among equals (a higher stretch came first); odd d the smallest.
        if (found.cosine > best.cosine || (d % 2 != 0 && found.cosine == best.cosine)) best = found;
    }
    CAPTURE(p, d, length);
    CHECK(best.position == whole.position);
    CHECK(best.cosine == Approx(whole.cosine).margin(1e-10));  // each walk drifts by up to ~1e-10 from libm
}

TEST_CASE("A search outside 0 .. L or backwards is refused by name", "[beyond][sinusoidal][arguments]")
{
    const posenc::SinusoidalOptions encoding{64, 10000.0};
    CHECK(posenc::check_sinusoidal_beyond({5000, 2048}, encoding, {0, 2049})->message()
          == "search.to must be an integer from 0 to 2048; got 2049");
    CHECK(posenc::check_sinusoidal_beyond({5000, 2048}, encoding, {100, 50})->message()
          == "search.to must be an integer from 100 to 2048; got 50");
    CHECK(posenc::check_sinusoidal_beyond({5000, 2048}, encoding, {-1, 50})->message()
          == "search.from must be an integer from 0 to 2048; got -1");
    CHECK_FALSE(posenc::check_sinusoidal_beyond({5000, 2048}, encoding, {2048, 2048}));  // empty: nothing to search
    // A stretch of a long L is bounded by its own work, not L's.
    const std::int64_t long_length = std::int64_t{1} << 24;
    CHECK(posenc::check_sinusoidal_beyond({5000, long_length}, {1024, 10000.0})->argument == "trainedLength x dModel / 2");
    CHECK_FALSE(posenc::check_sinusoidal_beyond({5000, long_length}, {1024, 10000.0}, {0, 65536}));
}

TEST_CASE("The sinusoidal search takes L = 1,048,576 at dModel 2,048 and refuses more work by name", "[beyond][sinusoidal][arguments]")
{
    const std::int64_t million = std::int64_t{1} << 20;
    CHECK_FALSE(posenc::check_sinusoidal_beyond({2000000, million}, {2048, 10000.0}));
    CHECK(posenc::check_sinusoidal_beyond({2000000, million + 1}, {2048, 10000.0})->message()
          == "trainedLength x dModel / 2 must be at most 1073741824 (the trained positions the search walks, times pairs); got 1048577 x "
             "1024 = 1073742848");
    // Odd d writes the rows themselves: the cell bound holds there.
    CHECK(posenc::check_sinusoidal_beyond({5000, 65536}, {1023, 10000.0})->argument == "trainedLength x dModel");
}

TEST_CASE("The analyses need no table: p and L reach 2^24", "[beyond]")
{
    CHECK_FALSE(posenc::check_beyond_trained({std::int64_t{1} << 24, std::int64_t{1} << 24}));
    CHECK(posenc::check_beyond_trained({(std::int64_t{1} << 24) + 1, 2048})->message()
          == "p must be an integer from 0 to 16777216; got 16777217");
    // The nearest trained sinusoidal row for a p past the table's positions, even and odd d.
    for (std::int64_t d : {64, 63})
    {
        const auto nearest = posenc::nearest_trained_sinusoidal({2000000, 2048}, {d, 10000.0});
        CHECK((nearest.position >= 0 && nearest.position < 2048));
        CHECK((nearest.cosine > 0 && nearest.cosine < 1));
    }
    CHECK(posenc::t5_reach(2000000, {}).bucket == 15);  // the last bucket of keys before the query, as at 128
    CHECK(posenc::alibi_reach(8, 2000000).bias_at_p[0] == -1000000);
}

TEST_CASE("RoPE past L: a span caps the distance analysed, and unrotated dimensions are counted", "[beyond][rope]")
{
    posenc::RopeBeyondOptions options;
    options.head_dim = 96;
    options.rope.rotary_fraction = 0.25;
    options.latent_dims = 32;
    const auto plain = posenc::rope_beyond_trained({200000, 2048}, options);
    CHECK(plain.distance == 200000);
    CHECK(plain.rotary_dims == 24);
    CHECK(plain.unrotated_dims == 72 + 32);
    CHECK(plain.pairs.wavelength.size() == 12);
    CHECK(plain.pairs.out_of_range_count > 0);
    options.span = {posenc::AttentionSpanKind::sliding, 1024};
    const auto windowed = posenc::rope_beyond_trained({200000, 2048}, options);
    CHECK(windowed.distance == 1023);
    CHECK(windowed.pairs.out_of_range_count == 0);  // 1,023 < L: every angle was seen in training
    options.span = {posenc::AttentionSpanKind::chunked, 8192};
    CHECK(posenc::rope_beyond_trained({200000, 2048}, options).distance == 200000 % 8192);
}

TEST_CASE("Training's frequencies: unscaled for a static rescaling, the kind's own at L for dynamic and LongRoPE", "[beyond][rope]")
{
    posenc::RopeOptions options;
    options.scaling = {posenc::RopeScalingKind::pi, 4.0, 0};
    CHECK(posenc::trained_frequencies(64, options, 2048) == posenc::rope_frequencies(64, {}));
    options.scaling = {posenc::RopeScalingKind::dynamic, 4.0, 2048};
    CHECK(posenc::trained_frequencies(64, options, 2048) == posenc::rope_frequencies(64, {}));
    options.scaling = {posenc::RopeScalingKind::longrope, 4.0, 2048};
    options.scaling.short_factor.assign(32, 2.0);
    options.scaling.long_factor.assign(32, 4.0);
    const auto trained = posenc::trained_frequencies(64, options, 2048);
    const auto plain = posenc::rope_frequencies(64, {});
    for (std::size_t i = 0; i < 32; ++i) CHECK(trained[i] == Approx(plain[i] / 2).epsilon(1e-15));
    // At p = 5,000 the long factors are in use; against the short ones of training, the context analysis
    // (with the frequencies used at p, below the context length) finds nothing outside at 5,000 < 8,192.
    posenc::RopeBeyondOptions beyond;
    beyond.rope = options;
    beyond.context_length = 8192;
    const auto result = posenc::rope_beyond_trained({5000, 2048}, beyond);
    for (std::size_t i = 0; i < 32; ++i) CHECK(result.frequencies[i] == Approx(plain[i] / 4).epsilon(1e-15));
    CHECK(result.context_pairs.out_of_range_count == 0);
}
