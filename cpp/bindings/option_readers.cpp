#include "option_readers.hpp"

namespace posenc::js
{
    Problem read_rope_options(const val& options, std::int64_t head_dim, RopeOptions& out)
    {
        if (auto problem = read_number(options, "base", out.base)) return problem;
        if (auto problem = read_name(options, "pairing", out.pairing)) return problem;
        const val scaling = options["scaling"];
        if (auto problem = require_object(scaling, "scaling")) return problem;
        if (auto problem = read_name(scaling, "kind", out.scaling.kind, "scaling.")) return problem;
        if (out.scaling.kind != RopeScalingKind::none)
            if (auto problem = read_number(scaling, "factor", out.scaling.factor, "scaling.")) return problem;
        if (out.scaling.kind == RopeScalingKind::yarn)
            if (auto problem = read_integer(scaling, "trainedLength", 1, limits::max_position, out.scaling.trained_length, "scaling."))
                return problem;
        return check_rope_options(head_dim, out);
    }

    Problem read_t5_options(const val& options, T5BucketOptions& out)
    {
        if (auto problem = read_boolean(options, "bidirectional", out.bidirectional)) return problem;
        if (auto problem = read_integer(options, "numBuckets", 2, limits::max_t5_buckets, out.num_buckets)) return problem;
        if (auto problem = read_integer(options, "maxDistance", 1, limits::max_t5_distance, out.max_distance)) return problem;
        return check_t5_bucket_options(out);
    }
}
