#pragma once
// Readers for option groups several adapters share.
#include "js_values.hpp"
#include "posenc/attention.hpp"
#include "posenc/learned.hpp"
#include "posenc/rope.hpp"
#include "posenc/t5_bias.hpp"

namespace posenc::js
{
    /// { base, pairing, scaling: { kind, factor, trainedLength } }; head_dim for the checks.
    Problem read_rope_options(const val& options, std::int64_t head_dim, RopeOptions& out);

    /// overflow: 'error' | 'clamp' | 'wrap' | 'window' | 'interpolate'.
    Problem read_overflow(const val& options, Overflow& out);

    /// { bidirectional, numBuckets, maxDistance }.
    Problem read_t5_options(const val& options, T5BucketOptions& out);

    /// scheme: 'nope' | 'sinusoidal' | 'learned' | 'rope' | 'alibi' | 't5'.
    Problem read_scheme(const val& options, Scheme& out);
}
