#pragma once
// The sinusoidal encoding of "Attention Is All You Need" (Vaswani et al. 2017, section 3.5).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include <xtensor/xtensor.hpp>

#include "arguments.hpp"

namespace posenc
{
    struct SinusoidalOptions
    {
        std::int64_t d_model = 0;
        double base = 10000.0;
    };

    /// Problem with the shape of a sinusoidal request (d_model, base, result size), or none.
    /// Needs only the number of positions, so callers can check before they copy the positions.
    inline Problem check_sinusoidal_shape(std::uint64_t position_count, const SinusoidalOptions& options)
    {
        if (auto problem = check_integer("dModel", static_cast<double>(options.d_model), 1, limits::max_d_model))
            return problem;
        if (!(std::isfinite(options.base) && options.base > 1.0))
            return range_problem("base", "a finite number greater than 1", format_number(options.base));
        return check_cells("positions.length x dModel", position_count, static_cast<std::uint64_t>(options.d_model));
    }

    inline Problem check_sinusoidal(std::span<const double> positions, const SinusoidalOptions& options)
    {
        if (auto problem = check_sinusoidal_shape(positions.size(), options)) return problem;
        return check_positions(positions);
    }

    /// PE(p, 2i) = sin(p / base^(2i/d)), PE(p, 2i+1) = cos(p / base^(2i/d)) for i = 0 .. ceil(d/2)-1,
    /// the paper's interleaved layout; an odd d ends on a sin column.
    /// Shape (positions.size(), d_model), row-major, one row per position, computed in double.
    /// Throws std::invalid_argument for what check_sinusoidal rejects.
    inline xt::xtensor<double, 2> sinusoidal(std::span<const double> positions, const SinusoidalOptions& options)
    {
        throw_if(check_sinusoidal(positions, options));
        const auto d = static_cast<std::size_t>(options.d_model);
        xt::xtensor<double, 2> table({positions.size(), d});
        for (std::size_t column = 0; column < d; column += 2)
        {
            // Same expression as the paper and its numpy rendering: p / base^(2i/d).
            const double wavelength_scale = std::pow(options.base, static_cast<double>(column) / static_cast<double>(d));
            for (std::size_t row = 0; row < positions.size(); ++row)
            {
                const double angle = positions[row] / wavelength_scale;
                table(row, column) = std::sin(angle);
                if (column + 1 < d) table(row, column + 1) = std::cos(angle);
            }
        }
        return table;
    }
}
