#include "option_readers.hpp"

namespace posenc::js
{
    Problem read_rope_options(const OptionsReader& read, RopeOptions& out)
    {
        if (auto problem = read.number("base", out.base)) return problem;
        if (auto problem = read.name("pairing", out.pairing)) return problem;
        OptionsReader scaling;
        if (auto problem = read.nested("scaling", scaling)) return problem;
        if (auto problem = scaling.name("kind", out.scaling.kind)) return problem;
        const auto& entry = scaling_entry(out.scaling.kind);
        if (entry.reads_factor)
            if (auto problem = scaling.number("factor", out.scaling.factor)) return problem;
        if (entry.reads_trained_length)
            if (auto problem = scaling.integer("trainedLength", out.scaling.trained_length)) return problem;
        return std::nullopt;
    }

    Problem read_t5_options(const OptionsReader& read, T5BucketOptions& out)
    {
        if (auto problem = read.boolean("bidirectional", out.bidirectional)) return problem;
        if (auto problem = read.integer("numBuckets", out.num_buckets)) return problem;
        return read.integer("maxDistance", out.max_distance);
    }
}
