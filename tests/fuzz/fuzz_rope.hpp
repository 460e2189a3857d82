#pragma once
// RoPE settings drawn from the fuzzer's bytes, every field of every scaling kind included (the
// harnesses of rope, attention and beyond_trained share them).
#include <posenc/rope.hpp>

#include "fuzz_input.hpp"

namespace posenc_fuzz
{
    inline posenc::RopeScaling scaling(Input& in)
    {
        using namespace posenc;
        RopeScaling out;
        out.kind = in.choice<RopeScalingKind>(static_cast<int>(rope_scaling_names.size()));
        out.factor = in.real(0.5, 1100);
        out.trained_length = in.integer(-2, limits::max_position + 2);
        out.low_freq_factor = in.real(-1, 8);
        out.high_freq_factor = in.real(-1, 8);
        out.beta_fast = in.real(-1, 64);
        out.beta_slow = in.real(-1, 64);
        out.ramp = in.choice<YarnRamp>(2);
        out.truncate = in.flag();
        if (in.flag()) out.attention_factor = in.real(-1, 4);
        if (in.flag()) out.mscale = in.real(-1, 2);
        if (in.flag()) out.mscale_all_dim = in.real(-1, 2);
        for (auto* list : {&out.short_factor, &out.long_factor})
        {
            list->resize(static_cast<std::size_t>(in.in(0, 40)));
            for (double& v : *list) v = in.real(-1, 70);
        }
        return out;
    }

    inline posenc::RopeOptions rope_options(Input& in)
    {
        using namespace posenc;
        RopeOptions options;
        options.base = in.real(0.5, 1e7);
        options.pairing = in.choice<RopePairing>(2);
        options.scaling = scaling(in);
        options.rotary_fraction = in.flag() ? 1.0 : in.real(-0.1, 1.2);
        options.axes = in.choice<RopeAxes>(3);
        for (auto& pairs : options.mrope_section) pairs = in.integer(-2, 40);
        return options;
    }
}
