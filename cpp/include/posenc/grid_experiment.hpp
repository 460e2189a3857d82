#pragma once
// The two grid experiments of the model view (grid_presets.hpp): where a passkey can be found,
// and which layers need a position scheme.
#include <array>

#include "names.hpp"

namespace posenc
{
    enum class GridExperiment
    {
        passkey,
        hybrid
    };

    inline constexpr auto grid_experiment_names = std::to_array<Named<GridExperiment>>({
        {"passkey", GridExperiment::passkey, "Passkey at any depth"},
        {"hybrid", GridExperiment::hybrid, "RoPE and NoPE layers"},
    });
    constexpr const auto& names_of(GridExperiment) { return grid_experiment_names; }
}
