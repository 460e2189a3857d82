// offset_similarity: the sinusoidal dot product and the RoPE score against the offset, with every
// RoPE setting the fuzzer can draw.
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include <posenc/offset_similarity.hpp>

#include "fuzz_input.hpp"
#include "fuzz_rope.hpp"

using namespace posenc;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    posenc_fuzz::Input in(data, size);
    OffsetSimilarityOptions options;
    options.p = in.integer(-2, limits::max_position + 2);
    options.d_model = in.flag() ? in.integer(-2, limits::max_d_model + 2) : in.in(-2, 66);
    options.rope = posenc_fuzz::rope_options(in);
    options.seed = in.bits64();
    // Work is (maxOffset + 1) x dModel: keep a valid one small.
    const auto offsets =
        posenc_fuzz::bound(in.integer(-1, limits::max_position + 1) + 1, std::max<std::int64_t>(options.d_model, 1), limits::max_cells);
    options.max_offset = offsets - 1;
    try
    {
        const auto result = offset_similarity(options);
        const auto count = static_cast<std::size_t>(options.max_offset + 1);
        if (result.sinusoidal_dot.size() != count || result.sinusoidal_closed_form.size() != count || result.rope_score.size() != count)
            std::abort();
        // |PE(p) . PE(q)| <= d/2 + 1/2 and the closed form is a sum of d/2 cosines.
        const double bound = static_cast<double>(options.d_model) / 2 + 1;
        for (std::size_t r = 0; r < count; ++r)
            if (!(std::fabs(result.sinusoidal_dot[r]) <= bound && std::fabs(result.sinusoidal_closed_form[r]) <= bound
                  && std::isfinite(result.rope_score[r])))
                std::abort();
    }
    catch (const std::invalid_argument&)
    {
    }
    return 0;
}
