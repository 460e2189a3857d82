// t5_bucket over the whole int64 range of relative positions.
#include <cstdlib>
#include <stdexcept>

#include <posenc/t5_bias.hpp>

#include "fuzz_input.hpp"

using namespace posenc;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    posenc_fuzz::Input in(data, size);
    T5BucketOptions options;
    options.bidirectional = in.flag();
    options.num_buckets = in.integer(-2, 1026);
    options.max_distance = in.integer(-2, (1 << 20) + 2);
    const std::int64_t relative = in.flag() ? static_cast<std::int64_t>(in.bits64()) : in.in(-70000, 70000);
    try
    {
        const auto bucket = t5_bucket(relative, options);
        if (bucket < 0 || bucket >= options.num_buckets) std::abort();
    }
    catch (const std::invalid_argument&)
    {
    }
    return 0;
}
