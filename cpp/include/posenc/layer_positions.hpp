#pragma once
// Which layers of the toy model carry its position scheme. Llama 4 (iRoPE) and SmolLM3 interleave
// RoPE layers with layers that have no position signal at all (NoPE); the toy model has one or two
// layers, so the choices are every layer, the first only or the last only. A layer that does not
// carry the scheme attends by content alone: no rotation of q and k, no bias on its scores.
//
// Only the schemes that act inside attention (RoPE rotates q and k, ALiBi and T5 add to the
// scores) can skip a layer. Sinusoidal and learned encodings are added once to the input, before
// any layer, and NoPE has nothing to place: for them every layer is the only choice.
#include <array>
#include <cstdint>
#include <string>

#include "names.hpp"
#include "scheme.hpp"

namespace posenc
{
    enum class LayerPositions
    {
        every,
        first,
        last
    };

    inline constexpr auto layer_positions_names = std::to_array<Named<LayerPositions>>({
        {"every", LayerPositions::every, "Every layer"},
        {"first", LayerPositions::first, "First layer only"},
        {"last", LayerPositions::last, "Last layer only"},
    });
    constexpr const auto& names_of(LayerPositions) { return layer_positions_names; }

    /// Whether `scheme` acts inside attention, so that a layer can go without it.
    constexpr bool scheme_acts_in_attention(Scheme scheme)
    {
        return scheme == Scheme::rope || scheme == Scheme::alibi || scheme == Scheme::t5;
    }

    /// Whether layer `layer` (0 .. layers-1) carries the scheme under `choice`.
    constexpr bool layer_is_positioned(LayerPositions choice, std::int64_t layer, std::int64_t layers)
    {
        switch (choice)
        {
        case LayerPositions::every: return true;
        case LayerPositions::first: return layer == 0;
        case LayerPositions::last: return layer == layers - 1;
        }
        return true;
    }

    /// Problem unless `choice` is 'every' or `scheme` can leave a layer without position.
    inline Problem check_layer_positions(LayerPositions choice, Scheme scheme)
    {
        if (choice == LayerPositions::every || scheme_acts_in_attention(scheme)) return std::nullopt;
        return range_problem("layerPositions",
                             "'every' for " + std::string(name_of(scheme))
                                 + " (only 'rope', 'alibi' and 't5' act inside attention, so only they can skip a layer)",
                             "'" + std::string(name_of(choice)) + "'");
    }
}
