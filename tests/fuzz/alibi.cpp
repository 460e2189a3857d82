// alibi_slopes and alibi_bias.
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include <posenc/alibi.hpp>

#include "fuzz_input.hpp"

using namespace posenc;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    posenc_fuzz::Input in(data, size);
    try
    {
        if (in.flag())
        {
            const auto heads = in.integer(-2, limits::max_heads + 2);
            const auto slopes = alibi_slopes(heads);
            if (slopes.size() != static_cast<std::size_t>(heads)) std::abort();
            for (double m : slopes)
                if (!(m > 0 && m < 1)) std::abort();
        }
        else
        {
            AlibiBiasOptions options;
            options.n_heads = in.integer(-2, 40);
            options.key_length = in.integer(-2, limits::max_position + 3);
            options.query_length =
                in.flag() ? in.integer(-2, limits::max_position + 3) : in.in(1, std::max<std::int64_t>(1, options.key_length));
            // Keep a valid request small; one past the core's cell limit goes through to be refused.
            const auto h = options.n_heads, k = options.key_length, q = options.query_length;
            if (h >= 1 && k >= 1 && q >= 1 && h <= limits::max_heads && k <= limits::max_position + 1)
            {
                const auto product =
                    static_cast<unsigned __int128>(h) * static_cast<unsigned __int128>(q) * static_cast<unsigned __int128>(k);
                if (product > posenc_fuzz::max_cells && product <= limits::max_cells)
                {
                    options.key_length =
                        std::min<std::int64_t>(k, std::max<std::int64_t>(1, static_cast<std::int64_t>(posenc_fuzz::max_cells) / h));
                    options.query_length = std::min<std::int64_t>(
                        q, std::max<std::int64_t>(1, static_cast<std::int64_t>(posenc_fuzz::max_cells) / (h * options.key_length)));
                }
            }
            const auto bias = alibi_bias(options);
            if (bias.shape(0) != static_cast<std::size_t>(options.n_heads)) std::abort();
            for (double b : bias)
                if (!(b <= 0) || std::isnan(b)) std::abort();
        }
    }
    catch (const std::invalid_argument&)
    {
    }
    return 0;
}
