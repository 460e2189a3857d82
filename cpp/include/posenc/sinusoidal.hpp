#pragma once
// The sinusoidal encoding of "Attention Is All You Need" (Vaswani et al. 2017, section 3.5).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <xtensor/xtensor.hpp>

#include "arguments.hpp"

namespace posenc
{
    enum class SinusoidalLayout
    {
        interleaved,  // the paper and HF: PE(p, 2i) = sin, PE(p, 2i+1) = cos
        concat,       // tensor2tensor/fairseq style blocks [sin_0 .. sin_{d/2-1} | cos_0 .. cos_{d/2-1}]
    };

    struct SinusoidalOptions
    {
        std::int64_t d_model = 0;
        double base = 10000.0;
        SinusoidalLayout layout = SinusoidalLayout::interleaved;
    };

    /// Problem with the shape of a sinusoidal request (d_model, base, layout, result size), or
    /// none. Needs only the number of positions, so callers can check before copying positions.
    inline Problem check_sinusoidal_shape(std::uint64_t position_count, const SinusoidalOptions& options)
    {
        if (auto problem = check_integer("dModel", static_cast<double>(options.d_model), 1, limits::max_d_model))
            return problem;
        if (options.layout == SinusoidalLayout::concat && options.d_model % 2 != 0)
            return range_problem("dModel", "even for layout 'concat' (sin and cos blocks of d/2 columns)",
                                 std::to_string(options.d_model));
        if (!(std::isfinite(options.base) && options.base > 1.0))
            return range_problem("base", "a finite number greater than 1", format_number(options.base));
        return check_cells("positions.length x dModel", position_count, static_cast<std::uint64_t>(options.d_model));
    }

    inline Problem check_sinusoidal(std::span<const double> positions, const SinusoidalOptions& options)
    {
        if (auto problem = check_sinusoidal_shape(positions.size(), options)) return problem;
        return check_positions(positions);
    }

    /// w_i = 1 / base^(2i/d) for the ceil(d/2) frequency pairs, the paper's frequencies.
    inline std::vector<double> sinusoidal_frequencies(std::int64_t d_model, double base)
    {
        std::vector<double> frequencies(static_cast<std::size_t>((d_model + 1) / 2));
        for (std::size_t i = 0; i < frequencies.size(); ++i)
            frequencies[i] = 1.0 / std::pow(base, static_cast<double>(2 * i) / static_cast<double>(d_model));
        return frequencies;
    }

    namespace detail
    {
        /// Steps of the angle-addition recurrence between exact re-anchors: each step adds a few
        /// ulp, so 256 steps stay near 1e-13 while libm sin/cos run once per 256 rows.
        inline constexpr int steps_per_anchor = 256;

        /// sin and cos of p * w_i for one row, updated row to row.
        struct PhaseState
        {
            std::vector<double> sin, cos, step_sin, step_cos, wavelength_scale;
            PhaseState(std::int64_t d_model, double base)
            {
                const auto pairs = static_cast<std::size_t>((d_model + 1) / 2);
                for (auto* v : {&sin, &cos, &step_sin, &step_cos, &wavelength_scale}) v->resize(pairs);
                for (std::size_t i = 0; i < pairs; ++i)
                {
                    wavelength_scale[i] = std::pow(base, static_cast<double>(2 * i) / static_cast<double>(d_model));
                    step_sin[i] = std::sin(1.0 / wavelength_scale[i]);
                    step_cos[i] = std::cos(1.0 / wavelength_scale[i]);
                }
            }
            void anchor(double position)
            {
                for (std::size_t i = 0; i < sin.size(); ++i)
                {
                    // p / base^(2i/d), exactly as the paper and its numpy rendering write it.
                    const double angle = position / wavelength_scale[i];
                    sin[i] = std::sin(angle);
                    cos[i] = std::cos(angle);
                }
            }
            void advance()  // p -> p + 1: rotate each (cos, sin) by w_i
            {
                for (std::size_t i = 0; i < sin.size(); ++i)
                {
                    const double s = sin[i] * step_cos[i] + cos[i] * step_sin[i];
                    const double c = cos[i] * step_cos[i] - sin[i] * step_sin[i];
                    sin[i] = s;
                    cos[i] = c;
                }
            }
        };
    }

    /// Writes the encoding of every position into `out` (positions.size() x d_model, row-major),
    /// computed in double and stored as T (double, or float rounded once for the views).
    /// interleaved: out(p, 2i) = sin(p w_i), out(p, 2i+1) = cos(p w_i); an odd d ends on a sin column.
    /// concat:      out(p, i) = sin(p w_i), out(p, d/2 + i) = cos(p w_i), with the same w_i.
    /// Runs of consecutive positions use the exact angle-addition recurrence, re-anchored every
    /// detail::steps_per_anchor rows; everything else is evaluated directly.
    template <typename T>
    void sinusoidal_into(std::span<const double> positions, const SinusoidalOptions& options, T* out)
    {
        throw_if(check_sinusoidal(positions, options));
        const auto d = static_cast<std::size_t>(options.d_model);
        detail::PhaseState phase(options.d_model, options.base);
        const std::size_t pairs = phase.sin.size();
        int steps_since_anchor = detail::steps_per_anchor;
        for (std::size_t row = 0; row < positions.size(); ++row)
        {
            const bool follows = row > 0 && positions[row] == positions[row - 1] + 1;
            if (follows && steps_since_anchor < detail::steps_per_anchor)
            {
                phase.advance();
                ++steps_since_anchor;
            }
            else
            {
                phase.anchor(positions[row]);
                steps_since_anchor = 0;
            }
            T* line = out + row * d;
            if (options.layout == SinusoidalLayout::interleaved)
            {
                for (std::size_t i = 0; i < pairs; ++i)
                {
                    line[2 * i] = static_cast<T>(phase.sin[i]);
                    if (2 * i + 1 < d) line[2 * i + 1] = static_cast<T>(phase.cos[i]);
                }
            }
            else
            {
                for (std::size_t i = 0; i < pairs; ++i)
                {
                    line[i] = static_cast<T>(phase.sin[i]);
                    line[pairs + i] = static_cast<T>(phase.cos[i]);
                }
            }
        }
    }

    /// The encoding as a (positions.size(), d_model) table of doubles; see sinusoidal_into.
    /// Throws std::invalid_argument for what check_sinusoidal rejects.
    inline xt::xtensor<double, 2> sinusoidal(std::span<const double> positions, const SinusoidalOptions& options)
    {
        throw_if(check_sinusoidal(positions, options));
        xt::xtensor<double, 2> table({positions.size(), static_cast<std::size_t>(options.d_model)});
        sinusoidal_into(positions, options, table.data());
        return table;
    }

    /// PE(p) . PE(p + delta) in closed form: sum over pairs of cos(delta w_i) (plus, for an odd d,
    /// the lone last sin column's product, which is not a function of delta alone).
    inline double sinusoidal_offset_dot(double delta, std::int64_t d_model, double base)
    {
        double sum = 0;
        const auto frequencies = sinusoidal_frequencies(d_model, base);
        for (std::size_t i = 0; i < frequencies.size() - (d_model % 2); ++i) sum += std::cos(delta * frequencies[i]);
        return sum;
    }
}
