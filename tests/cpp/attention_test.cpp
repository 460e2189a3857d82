#include <catch2/catch.hpp>

#include <cmath>
#include <numeric>

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

TEST_CASE("A learned table past its rows refuses under 'error'", "[attention][learned]")
{
    AttentionOptions options;
    options.scheme = Scheme::learned;
    options.overflow = posenc::Overflow::error;
    options.query_position = 2048;
    CHECK_THROWS_WITH(posenc::attention_row(options), Catch::Matchers::Contains("no row 2048"));
}
