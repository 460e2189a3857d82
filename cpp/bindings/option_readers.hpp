#pragma once
// Readers for option groups several adapters share. They read types only; the adapter hands what
// they read to the core's checks.
#include "js_values.hpp"
#include "posenc/rope.hpp"
#include "posenc/t5_bias.hpp"

namespace posenc::js
{
    /// { base, pairing, scaling: { kind, factor, trainedLength } }: of factor and trainedLength, those
    /// the kind reads (its entry in rope_scaling_names).
    Problem read_rope_options(const OptionsReader& read, RopeOptions& out);

    /// { bidirectional, numBuckets, maxDistance }.
    Problem read_t5_options(const OptionsReader& read, T5BucketOptions& out);
}
