// sinusoidal (double table) and sinusoidal_into (double and float), both layouts.
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include <posenc/sinusoidal.hpp>

#include "fuzz_input.hpp"

using namespace posenc;

template <typename T>
static void check_values(const T* values, std::size_t count)
{
    for (std::size_t i = 0; i < count; ++i)
        if (!(std::fabs(static_cast<double>(values[i])) <= 1.0 + 1e-6)) std::abort();  // sin/cos of a valid position
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    posenc_fuzz::Input in(data, size);
    SinusoidalOptions options;
    options.d_model = in.flag() ? in.integer(-2, limits::max_d_model + 2) : in.in(-2, 130);  // mostly narrow: faster
    options.base = in.real(0.5, 1e6);
    options.layout = in.choice<SinusoidalLayout>(2);
    const auto positions = in.positions(16, limits::max_position);
    const int target = in.byte() % 3;
    // The caller's buffer: rows x d_model when d_model is valid, else one cell (the core must refuse first).
    const bool valid_d = options.d_model >= 1 && options.d_model <= limits::max_d_model;
    const std::size_t cells = valid_d ? positions.size() * static_cast<std::size_t>(options.d_model) : 1;
    try
    {
        if (target == 0)
        {
            const auto table = sinusoidal(positions, options);
            if (table.shape(0) != positions.size() || table.shape(1) != static_cast<std::size_t>(options.d_model)) std::abort();
            check_values(table.data(), table.size());
        }
        else if (target == 1)
        {
            std::vector<double> out(std::max<std::size_t>(cells, 1));
            sinusoidal_into(positions, options, out.data());
            check_values(out.data(), cells);
        }
        else
        {
            std::vector<float> out(std::max<std::size_t>(cells, 1));
            sinusoidal_into(positions, options, out.data());
            check_values(out.data(), cells);
        }
    }
    catch (const std::invalid_argument&)
    {
    }
    return 0;
}
