#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "posenc/rope_scaling.hpp"

using posenc::RopeScaling;
using posenc::RopeScalingKind;

namespace
{
    std::vector<double> unscaled(std::size_t dim, double base) { return posenc::scaled_inverse_frequencies(dim, base, {}, 1); }

    RopeScaling llama3(double factor, double low, double high, std::int64_t trained_length)
    {
        RopeScaling scaling{RopeScalingKind::llama3, factor, trained_length};
        scaling.low_freq_factor = low;
        scaling.high_freq_factor = high;
        return scaling;
    }
}

// Closed forms, each to a few ulp (1e-14 relative): the engine evaluates the same expressions.
TEST_CASE("llama3 keeps pairs faster than L / high, divides those slower than L / low by s, and blends between", "[rope][scaling]")
{
    const auto plain = unscaled(128, 500000.0);
    const auto scaled = posenc::scaled_inverse_frequencies(128, 500000.0, llama3(8, 1, 4, 8192), 1);
    int kept = 0, divided = 0, blended = 0;
    for (std::size_t i = 0; i < plain.size(); ++i)
    {
        const double wavelength = 2 * std::numbers::pi / plain[i];
        if (wavelength < 8192.0 / 4)
        {
            ++kept;
            CHECK(scaled[i] == plain[i]);
        }
        else if (wavelength > 8192.0)
        {
            ++divided;
            CHECK(scaled[i] == Approx(plain[i] / 8).epsilon(1e-15));
        }
        else
        {
            ++blended;
            const double smooth = (8192 / wavelength - 1) / (4 - 1);  // 0 at L / low, 1 at L / high: continuous at both edges
            CHECK(scaled[i] == Approx((1 - smooth) * plain[i] / 8 + smooth * plain[i]).epsilon(1e-14));
            CHECK((scaled[i] > plain[i] / 8 && scaled[i] < plain[i]));
        }
    }
    // Llama 3.1 8B: 64 pairs, base 500,000: the band 2,048 .. 8,192 holds a handful of pairs.
    CHECK(kept + divided + blended == 64);
    CHECK((kept > 0 && divided > 0 && blended > 0));
    // high == low (Llama 4 Scout): no band, only kept and divided pairs.
    const auto scout = posenc::scaled_inverse_frequencies(128, 500000.0, llama3(16, 1, 1, 8192), 1);
    for (std::size_t i = 0; i < plain.size(); ++i) CHECK((scout[i] == plain[i] || scout[i] == Approx(plain[i] / 16).epsilon(1e-15)));
}

TEST_CASE("Dynamic NTK leaves the base alone up to L and grows it with the sequence past L", "[rope][scaling]")
{
    const RopeScaling dynamic{RopeScalingKind::dynamic, 4.0, 2048};
    const auto plain = unscaled(64, 10000.0);
    CHECK(posenc::scaled_inverse_frequencies(64, 10000.0, dynamic, 1) == plain);
    CHECK(posenc::scaled_inverse_frequencies(64, 10000.0, dynamic, 2048) == plain);
    // At n = 5000: base' = base s'^(D/(D-2)) with s' = s n / L - (s - 1) = 6.7656..., so the slowest
    // pair, base'^(-(D-2)/D), is the unscaled one divided by s' and the fastest is kept.
    const double grown = 4.0 * 5000 / 2048 - 3;
    const auto at_5000 = posenc::scaled_inverse_frequencies(64, 10000.0, dynamic, 5000);
    CHECK(at_5000[0] == 1.0);
    CHECK(at_5000[31] == Approx(plain[31] / grown).epsilon(1e-13));
    CHECK(posenc::rope_attention_factor(dynamic) == 1.0);
}

TEST_CASE("LongRoPE divides each pair by its short factor up to L and its long factor past L", "[rope][scaling]")
{
    RopeScaling longrope{RopeScalingKind::longrope, 32.0, 4096};
    longrope.short_factor = {1.0, 1.5, 2.0, 3.0};
    longrope.long_factor = {1.0, 4.0, 16.0, 64.0};
    const auto plain = unscaled(8, 10000.0);
    const auto up_to_l = posenc::scaled_inverse_frequencies(8, 10000.0, longrope, 4096);
    const auto past_l = posenc::scaled_inverse_frequencies(8, 10000.0, longrope, 4097);
    for (std::size_t i = 0; i < 4; ++i)
    {
        CHECK(up_to_l[i] == Approx(plain[i] / longrope.short_factor[i]).epsilon(1e-15));
        CHECK(past_l[i] == Approx(plain[i] / longrope.long_factor[i]).epsilon(1e-15));
    }
    // sqrt(1 + ln s / ln L) with s = 32, L = 4096: ln 32 / ln 4096 = 5/12 exactly, so sqrt(17/12).
    CHECK(posenc::rope_attention_factor(longrope) == Approx(std::sqrt(17.0 / 12)).epsilon(1e-15));
    longrope.attention_factor = 1.3;
    CHECK(posenc::rope_attention_factor(longrope) == 1.3);
}

TEST_CASE("YaRN's attention factor: 0.1 ln s + 1, DeepSeek's mscale ratio, or the one given", "[rope][scaling]")
{
    RopeScaling yarn{RopeScalingKind::yarn, 40.0, 4096};
    CHECK(posenc::rope_attention_factor(yarn) == Approx(0.1 * std::log(40.0) + 1).epsilon(1e-15));
    CHECK(posenc::rope_logit_factor(yarn) == 1.0);
    // DeepSeek-V3: mscale = mscale_all_dim = 1 makes the factor on q and k 1; the logits take
    // mscale(40, 1)^2 = 1.3689^2 instead.
    yarn.mscale = 1.0;
    yarn.mscale_all_dim = 1.0;
    CHECK(posenc::rope_attention_factor(yarn) == 1.0);
    CHECK(posenc::rope_logit_factor(yarn) == Approx(std::pow(0.1 * std::log(40.0) + 1, 2)).epsilon(1e-15));
    yarn.mscale = 0.707;
    CHECK(posenc::rope_attention_factor(yarn) == Approx((0.0707 * std::log(40.0) + 1) / (0.1 * std::log(40.0) + 1)).epsilon(1e-15));
    yarn.mscale = 0.0;  // HF reads 0 as not set: the plain formula again
    CHECK(posenc::rope_attention_factor(yarn) == Approx(0.1 * std::log(40.0) + 1).epsilon(1e-15));
    yarn.attention_factor = 1.25;
    CHECK(posenc::rope_attention_factor(yarn) == 1.25);
    CHECK(posenc::rope_attention_factor({RopeScalingKind::yarn, 1.0, 4096}) == 1.0);  // s = 1: no rescaling, no temperature
}

TEST_CASE("YaRN without truncation ramps between the exact correction dims", "[rope][scaling]")
{
    RopeScaling yarn{RopeScalingKind::yarn, 32.0, 4096};
    yarn.truncate = false;
    const double base = 150000.0;
    const auto plain = unscaled(64, base);
    const auto scaled = posenc::scaled_inverse_frequencies(64, base, yarn, 1);
    const auto correction = [&](double turns) { return 64 * std::log(4096 / (turns * 2 * std::numbers::pi)) / (2 * std::log(base)); };
    const double low = correction(32), high = correction(1);
    for (std::size_t i = 0; i < plain.size(); ++i)
    {
        const double ramp = std::clamp((static_cast<double>(i) - low) / (high - low), 0.0, 1.0);
        CHECK(scaled[i] == Approx(plain[i] / 32 * ramp + plain[i] * (1 - ramp)).epsilon(1e-14));
    }
}

TEST_CASE("Each scaling kind checks only the fields its entry says it reads, in the house format", "[rope][scaling][arguments]")
{
    const auto message = [](const RopeScaling& scaling, std::size_t pairs = 4) {
        const auto problem = posenc::check_rope_scaling(scaling, pairs);
        return problem ? problem->message() : std::string();
    };
    auto l3 = llama3(8, 1, 4, 8192);
    l3.high_freq_factor = 0.5;
    CHECK(message(l3) == "scaling.highFreqFactor must be a finite number no less than scaling.lowFreqFactor (1); got 0.5");
    RopeScaling yarn{RopeScalingKind::yarn, 4.0, 64};
    yarn.beta_fast = 1;
    CHECK(message(yarn) == "scaling.betaFast must be a finite number greater than scaling.betaSlow (1); got 1");
    yarn.beta_fast = 32;
    yarn.mscale_all_dim = -2;
    CHECK(message(yarn) == "scaling.mscaleAllDim must be a finite number from 0 (0: not set); got -2");
    RopeScaling longrope{RopeScalingKind::longrope, 4.0, 64};
    longrope.short_factor = {1, 1, 1, 1};
    longrope.long_factor = {1, 1, 1};
    CHECK(message(longrope) == "scaling.longFactor.length must be 4 (one factor per rotary pair); got 3");
    // pi reads only factor: the other fields may hold anything.
    RopeScaling pi{RopeScalingKind::pi, 2.0, -5};
    pi.beta_fast = -1;
    pi.low_freq_factor = -1;
    CHECK(message(pi).empty());
    for (const auto& entry : posenc::rope_scaling_names)
    {
        CHECK(&posenc::scaling_entry(entry.value) == &entry);
        CHECK(posenc::needs_per_pair_values(entry.value) == (entry.value == RopeScalingKind::longrope));
    }
}
