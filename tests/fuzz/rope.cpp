// rope, rope_score and rope_frequencies under each scaling kind and pairing.
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include <posenc/rope.hpp>

#include "fuzz_input.hpp"

using namespace posenc;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    posenc_fuzz::Input in(data, size);
    RopeOptions options;
    options.base = in.real(0.5, 1e6);
    options.pairing = in.choice<RopePairing>(2);
    options.scaling.kind = in.choice<RopeScalingKind>(4);
    options.scaling.factor = in.real(0.5, 1100);
    options.scaling.trained_length = in.integer(-2, limits::max_position + 2);
    const int target = in.byte() % 3;
    try
    {
        if (target == 0)
        {
            const auto head_dim = in.integer(-2, limits::max_d_model + 2);
            const auto theta = rope_frequencies(head_dim, options);
            if (theta.size() != static_cast<std::size_t>(head_dim / 2)) std::abort();
            for (double t : theta)
                if (!(t >= 0 && t <= 1)) std::abort();
            const double factor = rope_attention_factor(options.scaling);
            if (!(factor >= 1)) std::abort();
        }
        else if (target == 1)
        {
            const auto head_dim = static_cast<std::size_t>(in.in(0, limits::max_d_model + 2));
            const auto positions = in.positions(8, limits::max_position);
            const std::size_t rows = in.flag() ? positions.size() : static_cast<std::size_t>(in.in(0, 8));
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
            const double m = in.number(-1, limits::max_position + 1), n = in.number(-1, limits::max_position + 1);
            (void)rope_score(q, k, m, n, options);
        }
    }
    catch (const std::invalid_argument&)
    {
    }
    return 0;
}
