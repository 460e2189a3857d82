// rope, rope_score and rope_frequencies under each scaling kind, pairing and rotary layout.
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include <posenc/rope.hpp>

#include "fuzz_input.hpp"
#include "fuzz_rope.hpp"

using namespace posenc;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    posenc_fuzz::Input in(data, size);
    const RopeOptions options = posenc_fuzz::rope_options(in);
    const int target = in.byte() % 3;
    try
    {
        if (target == 0)
        {
            const auto head_dim = in.integer(-2, limits::max_d_model + 2);
            const auto sequence_length = in.integer(-2, limits::max_analysis_position + 2);
            if (check_rope_sequence_length(sequence_length)) return 0;
            const auto theta = rope_frequencies(head_dim, options, sequence_length);
            if (theta.size() != rotary_dims(head_dim, options) / 2) std::abort();
            for (double t : theta)
                if (!(std::isfinite(t) && t >= 0)) std::abort();
            if (rope_pair_axes(head_dim, options).size() != theta.size()) std::abort();
            for (const double factor : {rope_attention_factor(options.scaling), rope_logit_factor(options.scaling)})
                if (!(std::isfinite(factor) && factor > 0)) std::abort();
        }
        else if (target == 1)
        {
            const auto head_dim = static_cast<std::size_t>(in.in(0, limits::max_d_model + 2));
            const auto positions = in.positions(9, limits::max_analysis_position);
            const std::size_t rows = in.flag() ? positions.size() / axis_count(options.axes) : static_cast<std::size_t>(in.in(0, 8));
            xt::xtensor<double, 2> x({rows, head_dim});
            for (double& v : x) v = in.real(-4, 4);
            const auto out = rope(x, positions, options);
            if (out.shape(0) != rows || out.shape(1) != head_dim) std::abort();
        }
        else
        {
            const auto head_dim = static_cast<std::size_t>(in.in(0, 66));
            std::vector<double> q(head_dim), k(in.flag() ? head_dim : static_cast<std::size_t>(in.in(0, 66)));
            for (double& v : q) v = in.real(-4, 4);
            for (double& v : k) v = in.real(-4, 4);
            const double m = in.number(-1, limits::max_analysis_position + 1), n = in.number(-1, limits::max_analysis_position + 1);
            (void)rope_score(q, k, m, n, options);
        }
    }
    catch (const std::invalid_argument&)
    {
    }
    return 0;
}
