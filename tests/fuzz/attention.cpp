// attention_row at small sizes, every scheme, RoPE with every scaling, partial and decoupled, spans.
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include <posenc/attention.hpp>

#include "fuzz_input.hpp"
#include "fuzz_rope.hpp"

using namespace posenc;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    posenc_fuzz::Input in(data, size);
    AttentionOptions options;
    options.scheme = in.choice<Scheme>(6);
    options.query_position = in.integer(-2, 200);
    options.d_model = in.integer(-2, 34);
    options.seed = in.bits64();
    options.trained_length = in.integer(-2, 300);
    options.overflow = in.choice<Overflow>(5);
    options.base = in.real(0.5, 1e5);
    options.scaling = posenc_fuzz::scaling(in);
    options.rotary_fraction = in.flag() ? 1.0 : in.real(-0.1, 1.2);
    options.latent_dims = in.integer(-2, 20);
    options.span = {in.choice<AttentionSpanKind>(3), in.integer(-2, 300)};
    options.temperature_floor = in.real(-1, 300);
    options.temperature_scale = in.flag() ? 0.0 : in.real(-1, 1);
    options.n_heads = in.integer(-2, limits::max_heads + 2);
    options.head = in.flag() ? in.integer(-2, limits::max_heads + 2)
                             : in.in(0, options.n_heads > 1 ? options.n_heads - 1 : 0);  // no n_heads - 1 overflow at INT64_MIN
    // Small sizes: a valid value past the usual range (from a raw int64) is brought back in.
    if (options.query_position > 200 && options.query_position <= limits::max_analysis_position) options.query_position %= 201;
    if (options.d_model > 34 && options.d_model <= limits::max_attention_d_model) options.d_model = 34;
    if (options.trained_length > 300 && options.trained_length <= limits::max_position) options.trained_length %= 301;
    try
    {
        const auto row = attention_row(options);
        const auto keys = static_cast<std::size_t>(options.query_position + 1);
        if (row.logits.size() != keys || row.weights.size() != keys) std::abort();
        const auto first = static_cast<std::size_t>(first_visible_key(options.query_position, options.span));
        for (std::size_t j = 0; j < first; ++j)
            if (row.weights[j] != 0) std::abort();  // outside the span: no weight
        double total = 0;
        for (double w : row.weights)
        {
            if (!(w >= 0 && w <= 1)) std::abort();
            total += w;
        }
        if (!(std::fabs(total - 1) < 1e-9)) std::abort();
    }
    catch (const std::invalid_argument&)
    {
    }
    return 0;
}
