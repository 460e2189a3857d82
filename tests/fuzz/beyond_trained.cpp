// analyse_pairs, nearest_trained_sinusoidal, learned_overflow_effects, alibi_reach, t5_reach,
// rope_beyond_trained (every scaling, layout, latent part and span), p and L up to 2^24.
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include <posenc/beyond_trained.hpp>

#include "fuzz_input.hpp"
#include "fuzz_rope.hpp"

using namespace posenc;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    posenc_fuzz::Input in(data, size);
    BeyondTrainedOptions options;
    options.p = in.integer(-2, limits::max_analysis_position + 2);
    options.trained_length = in.integer(-2, limits::max_analysis_position + 2);
    const int target = in.byte() % 6;
    try
    {
        if (target == 0)
        {
            std::vector<double> trained(static_cast<std::size_t>(in.in(0, 16)));
            std::vector<double> used(in.flag() ? trained.size() : static_cast<std::size_t>(in.in(0, 16)));
            for (double& v : trained) v = in.real(0, 2);
            for (double& v : used) v = in.real(0, 2);
            const auto pairs = analyse_pairs(trained, used, options);
            if (pairs.wavelength.size() != trained.size()) std::abort();
        }
        else if (target == 1)
        {
            SinusoidalOptions encoding;
            encoding.d_model = in.integer(-2, 66);
            encoding.base = in.real(0.5, 1e6);
            encoding.layout = in.choice<SinusoidalLayout>(2);
            // Work is trained_length x d_model: keep a valid one small.
            options.trained_length = posenc_fuzz::bound(options.trained_length, std::max<std::int64_t>(encoding.d_model, 1),
                                                        std::numeric_limits<std::uint64_t>::max());
            const auto best = nearest_trained_sinusoidal(options, encoding);
            if (best.position < 0 || best.position >= options.trained_length) std::abort();
        }
        else if (target == 2)
        {
            const auto effects = learned_overflow_effects(options);
            if (effects.size() != 5) std::abort();
        }
        else if (target == 3)
        {
            const auto heads = in.integer(-2, limits::max_heads + 2);
            const auto reach = alibi_reach(heads, options.p);
            if (reach.slope.size() != static_cast<std::size_t>(heads)) std::abort();
        }
        else if (target == 5)
        {
            RopeBeyondOptions rope;
            rope.head_dim = in.integer(-2, 258);
            rope.rope = posenc_fuzz::rope_options(in);
            rope.latent_dims = in.integer(-2, limits::max_d_model + 2);
            rope.span = {in.choice<AttentionSpanKind>(3), in.integer(-2, limits::max_analysis_position + 2)};
            rope.context_length = in.integer(-2, limits::max_analysis_position + 2);
            const auto result = rope_beyond_trained(options, rope);
            if (result.distance < 0 || result.distance > options.p) std::abort();
            if (result.pairs.wavelength.size() != result.frequencies.size()) std::abort();
            if (result.rotary_dims + result.unrotated_dims != rope.head_dim + rope.latent_dims) std::abort();
        }
        else
        {
            T5BucketOptions t5;
            t5.bidirectional = in.flag();
            t5.num_buckets = in.integer(-2, 1026);
            t5.max_distance = in.integer(-2, (1 << 20) + 2);
            const auto p = in.flag() ? options.p : in.in(-2, 300);
            const auto reach = t5_reach(p, t5);
            if (reach.first_distance_in_bucket < 0 || reach.first_distance_in_bucket > p) std::abort();
        }
    }
    catch (const std::invalid_argument&)
    {
    }
    return 0;
}
