#include <catch2/catch.hpp>

#include <cmath>
#include <numeric>
#include <vector>

#include "attention_reference.hpp"
#include "largest_difference.hpp"
#include "posenc/attention.hpp"

using posenc::AttentionOptions;
using posenc::Scheme;

TEST_CASE("Toy attention weights are a softmax over keys 0..p for every scheme", "[attention]")
{
    const auto scheme = GENERATE(Scheme::nope, Scheme::sinusoidal, Scheme::learned, Scheme::rope, Scheme::alibi, Scheme::t5);
    AttentionOptions options;
    options.scheme = scheme;
    options.query_position = 300;
    options.trained_length = 256;
    const auto row = posenc::attention_row(options);
    REQUIRE(row.weights.size() == 301);
    CHECK(std::accumulate(row.weights.begin(), row.weights.end(), 0.0) == Approx(1.0).margin(1e-12));
    for (double w : row.weights) CHECK(w >= 0.0);
}

TEST_CASE("Toy attention is deterministic for a seed", "[attention]")
{
    AttentionOptions options;
    options.query_position = 100;
    CHECK(posenc::attention_row(options).logits == posenc::attention_row(options).logits);
}

TEST_CASE("ALiBi's toy logits differ from NoPE's by exactly -m (p - j)", "[attention][alibi]")
{
    AttentionOptions options;
    options.query_position = 50;
    options.scheme = Scheme::nope;
    const auto plain = posenc::attention_row(options);
    options.scheme = Scheme::alibi;
    options.head = 2;  // slope 1/8 of 8 heads
    const auto biased = posenc::attention_row(options);
    for (std::size_t j = 0; j <= 50; ++j) CHECK(biased.logits[j] - plain.logits[j] == Approx(-(50.0 - j) / 8).margin(1e-12));
}

TEST_CASE("The toy head checks its base and scaling whichever scheme it runs", "[attention][arguments]")
{
    AttentionOptions options;
    options.query_position = 10;
    options.scheme = Scheme::nope;
    options.base = 0.5;
    CHECK_THROWS_WITH(posenc::attention_row(options), Catch::Matchers::StartsWith("base must be"));
    options.base = 10000;
    options.scheme = Scheme::sinusoidal;
    options.scaling = {posenc::RopeScalingKind::pi, 0.5, 0};
    CHECK_THROWS_WITH(posenc::attention_row(options), Catch::Matchers::StartsWith("scaling.factor must be"));
}

TEST_CASE("A learned table past its rows refuses under 'error'", "[attention][learned]")
{
    AttentionOptions options;
    options.scheme = Scheme::learned;
    options.overflow = posenc::Overflow::error;
    options.query_position = 2048;
    CHECK_THROWS_WITH(posenc::attention_row(options), Catch::Matchers::Contains("no row 2048"));
}

TEST_CASE("The toy head takes a trained length up to max_trained_length, as real configs give it", "[attention][arguments]")
{
    const auto scheme = GENERATE(Scheme::learned, Scheme::rope);
    AttentionOptions options;
    options.scheme = scheme;
    options.query_position = 5000;
    options.trained_length = posenc::limits::max_trained_length;
    CHECK_FALSE(posenc::check_attention(options));
    options.scaling = {posenc::RopeScalingKind::yarn, 4.0, posenc::limits::max_trained_length};
    CHECK_FALSE(posenc::check_attention(options));
    options.scaling.trained_length = posenc::limits::max_trained_length + 1;
    CHECK(posenc::check_attention(options)->message() == "scaling.trainedLength must be an integer from 1 to 16777216; got 16777217");
    options.trained_length = posenc::limits::max_trained_length + 1;
    CHECK(posenc::check_attention(options)->message() == "trainedLength must be an integer from 1 to 16777216; got 16777217");
}

namespace
{
    using posenc::test::largest_difference;
}

// The fast row walks angles by recurrence (a few ulp a step, re-anchored every 256 keys, so
// angles stay within ~1e-13) and sums per-token and per-row dot products in another order than
// the direct computation (logits are O(10), so reordering moves them by ~1e-14). 1e-10 leaves
// three orders of margin and still catches any wrong row, token, angle or sign.
TEST_CASE("The fast attention row equals the direct computation for every scheme and policy", "[attention]")
{
    using posenc::Overflow;
    using posenc::RopeScalingKind;
    const auto scheme = GENERATE(Scheme::nope, Scheme::sinusoidal, Scheme::learned, Scheme::rope, Scheme::alibi, Scheme::t5);
    const auto query_position = GENERATE(0, 1, 255, 256, 700, 2500);
    const auto overflow = GENERATE(Overflow::clamp, Overflow::wrap, Overflow::window, Overflow::interpolate);
    if (scheme != Scheme::learned && overflow != Overflow::clamp) return;  // the policy only matters to the table
    AttentionOptions options;
    options.scheme = scheme;
    options.query_position = query_position;
    options.d_model = 14;  // 7 pairs: an odd pair count exercises the dot's remainder
    options.trained_length = 300;
    options.overflow = overflow;
    options.seed = 7;
    options.n_heads = 4;
    options.head = 1;
    for (const auto kind : {RopeScalingKind::none, RopeScalingKind::pi, RopeScalingKind::ntk, RopeScalingKind::yarn})
    {
        if (scheme != Scheme::rope && kind != RopeScalingKind::none) continue;
        options.scaling = {kind, kind == RopeScalingKind::none ? 1.0 : 8.0, 300};
        CAPTURE(static_cast<int>(scheme), query_position, static_cast<int>(overflow), static_cast<int>(kind));
        const auto fast = posenc::attention_row(options);
        const auto direct = reference::reference_attention_row(options);
        CHECK(largest_difference(fast.logits, direct.logits) < 1e-10);
        CHECK(largest_difference(fast.weights, direct.weights) < 1e-12);
    }
}

TEST_CASE("The fast attention row at the benchmark's shape matches the direct one", "[attention]")
{
    const auto scheme = GENERATE(Scheme::nope, Scheme::sinusoidal, Scheme::learned, Scheme::rope, Scheme::alibi, Scheme::t5);
    AttentionOptions options;
    options.scheme = scheme;  // query 5,000, d 64, table of 2,048 rows, clamp
    CAPTURE(static_cast<int>(scheme));
    CHECK(largest_difference(posenc::attention_row(options).logits, reference::reference_attention_row(options).logits) < 1e-10);
}

TEST_CASE("A kept head gives the same row as a fresh one, whatever was asked before", "[attention]")
{
    AttentionOptions options;
    options.scheme = Scheme::learned;
    options.query_position = 400;
    options.trained_length = 256;
    const auto first = posenc::attention_row(options);
    options.seed = 2;
    options.query_position = 3000;  // another head, longer token and row sequences
    posenc::attention_row(options);
    options.seed = 1;
    options.query_position = 5000;
    posenc::attention_row(options);  // the kept head now holds more tokens and rows than needed
    options.query_position = 400;
    CHECK(posenc::attention_row(options).logits == first.logits);
}

// The same bound as above (the same sums, reordered): partial rotary and decoupled latent
// dimensions add token-only dot products, a span and Llama 4's temperature only mask and scale.
TEST_CASE("The fast attention row equals the direct one with partial, decoupled and windowed RoPE", "[attention][rope]")
{
    using posenc::AttentionSpanKind;
    using posenc::RopeScalingKind;
    const auto query_position = GENERATE(0, 300, 1100);
    AttentionOptions options;
    options.scheme = Scheme::rope;
    options.query_position = query_position;
    options.d_model = 16;
    options.seed = 5;
    for (const double fraction : {0.25, 0.5, 1.0})
        for (const std::int64_t latent : {0, 8})
            for (const posenc::AttentionSpan span : {posenc::AttentionSpan{}, posenc::AttentionSpan{AttentionSpanKind::sliding, 100},
                                                     posenc::AttentionSpan{AttentionSpanKind::chunked, 256}})
            {
                options.rotary_fraction = fraction;
                options.latent_dims = latent;
                options.span = span;
                RopeScalingKind kind = latent > 0 ? RopeScalingKind::yarn : RopeScalingKind::dynamic;
                options.scaling = {kind, 8.0, 300};
                if (latent > 0) options.scaling.mscale_all_dim = 1.0;
                CAPTURE(query_position, fraction, latent, static_cast<int>(span.kind));
                const auto fast = posenc::attention_row(options);
                const auto direct = reference::reference_attention_row(options);
                CHECK(largest_difference(fast.logits, direct.logits) < 1e-10);
                CHECK(largest_difference(fast.weights, direct.weights) < 1e-12);
                const auto first = static_cast<std::size_t>(posenc::first_visible_key(options.query_position, span));
                for (std::size_t j = 0; j < first; ++j) REQUIRE(fast.weights[j] == 0);
            }
    options = {};
    options.scheme = Scheme::nope;
    options.query_position = 20000;
    options.temperature_floor = 8192;
    options.temperature_scale = 0.1;
    const auto warm = posenc::attention_row(options);
    CHECK(largest_difference(warm.logits, reference::reference_attention_row(options).logits) < 1e-10);
    options.temperature_scale = 0;
    const auto plain = posenc::attention_row(options);
    // floor(20001 / 8192) = 2: every logit times ln(3) 0.1 + 1.
    CHECK(warm.logits[5] == Approx(plain.logits[5] * (std::log(3.0) * 0.1 + 1)).epsilon(1e-14));
}

TEST_CASE("The toy head checks its new settings in the house format", "[attention][arguments]")
{
    AttentionOptions options;
    options.scheme = Scheme::rope;
    options.d_model = 256;
    options.query_position = 1 << 20;
    CHECK(posenc::check_attention(options)->message()
          == "(queryPosition + 1) x dModel must be at most 268435456 (a multiply-add per key and dimension); got 268435712");
    options.query_position = 10;
    options.latent_dims = 300;
    CHECK(posenc::check_attention(options)->message() == "latentDims must be an integer from 0 to 256; got 300");
    options.latent_dims = 0;
    options.span = {posenc::AttentionSpanKind::sliding, 0};
    CHECK(posenc::check_attention(options)->message() == "span.size must be an integer from 1 to 16777216; got 0");
    options.span = {};
    options.rotary_fraction = 0.001;
    CHECK(posenc::check_attention(options)->argument == "rotaryFraction");
}
