#include "option_readers.hpp"

namespace posenc::js
{
    Problem read_rope_options(const val& options, std::int64_t head_dim, RopeOptions& out)
    {
        if (auto problem = read_number(options, "base", out.base)) return problem;
        int pairing = 0;
        if (auto problem = read_choice(options, "pairing", {"interleaved", "half"}, pairing)) return problem;
        out.pairing = static_cast<RopePairing>(pairing);
        const val scaling = options["scaling"];
        if (auto problem = require_object(scaling, "scaling")) return problem;
        int kind = 0;
        if (auto problem = read_choice(scaling, "kind", {"none", "pi", "ntk", "yarn"}, kind, "scaling.")) return problem;
        out.scaling.kind = static_cast<RopeScalingKind>(kind);
        if (out.scaling.kind != RopeScalingKind::none)
            if (auto problem = read_number(scaling, "factor", out.scaling.factor, "scaling.")) return problem;
        if (out.scaling.kind == RopeScalingKind::yarn)
            if (auto problem = read_integer(scaling, "trainedLength", 1, limits::max_position, out.scaling.trained_length, "scaling."))
                return problem;
        return check_rope_options(head_dim, out);
    }

    Problem read_overflow(const val& options, Overflow& out)
    {
        int policy = 0;
        if (auto problem = read_choice(options, "overflow", {"error", "clamp", "wrap", "window", "interpolate"}, policy))
            return problem;
        out = static_cast<Overflow>(policy);
        return std::nullopt;
    }

    Problem read_t5_options(const val& options, T5BucketOptions& out)
    {
        if (auto problem = read_boolean(options, "bidirectional", out.bidirectional)) return problem;
        if (auto problem = read_integer(options, "numBuckets", 2, limits::max_t5_buckets, out.num_buckets)) return problem;
        if (auto problem = read_integer(options, "maxDistance", 1, limits::max_t5_distance, out.max_distance)) return problem;
        return check_t5_bucket_options(out);
    }

    Problem read_scheme(const val& options, Scheme& out)
    {
        int scheme = 0;
        if (auto problem = read_choice(options, "scheme", {"nope", "sinusoidal", "learned", "rope", "alibi", "t5"}, scheme))
            return problem;
        out = static_cast<Scheme>(scheme);
        return std::nullopt;
    }
}
