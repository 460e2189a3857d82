#pragma once
// Readers for option groups several adapters share.
#include "js_values.hpp"
#include "posenc/rope.hpp"
#include "posenc/t5_bias.hpp"

namespace posenc::js
{
    /// { base, pairing, scaling: { kind, factor, trainedLength } }; head_dim for the checks.
    Problem read_rope_options(const val& options, std::int64_t head_dim, RopeOptions& out);

    /// { bidirectional, numBuckets, maxDistance }.
    Problem read_t5_options(const val& options, T5BucketOptions& out);
}
