#pragma once
// NoPE: no positional encoding at all. A causal decoder can still infer position from the mask
// (Kazemnejad et al. 2023), so "nothing added" is a real scheme, shown beside the others.
#include <cstdint>
#include <span>

#include <xtensor/xtensor.hpp>

#include "arguments.hpp"

namespace posenc
{
    /// Problem with the shape of a NoPE request, or none; needs only the number of positions.
    inline Problem check_nope_shape(std::uint64_t position_count, std::int64_t d_model)
    {
        if (auto problem = check_integer("dModel", static_cast<double>(d_model), 1, limits::max_d_model)) return problem;
        return check_cells("positions.length x dModel", position_count, static_cast<std::uint64_t>(d_model));
    }

    /// What NoPE adds to each token embedding: zeros, shape (positions.size(), d_model).
    inline xt::xtensor<double, 2> nope(std::span<const double> positions, std::int64_t d_model)
    {
        throw_if(check_nope_shape(positions.size(), d_model));
        throw_if(check_positions(positions));
        return xt::zeros<double>({positions.size(), static_cast<std::size_t>(d_model)});
    }
}
