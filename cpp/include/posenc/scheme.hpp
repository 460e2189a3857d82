#pragma once
// The position schemes the toy attention, the analyses and the trainable model compare.
#include <array>

#include "names.hpp"

namespace posenc
{
    enum class Scheme
    {
        nope,
        sinusoidal,
        learned,
        rope,
        alibi,
        t5
    };

    /// In the order the page teaches them: the table with no row past L first, NoPE last.
    inline constexpr auto scheme_names = std::to_array<Named<Scheme>>({
        {"learned", Scheme::learned, "Learned table"},
        {"sinusoidal", Scheme::sinusoidal, "Sinusoidal"},
        {"rope", Scheme::rope, "RoPE"},
        {"alibi", Scheme::alibi, "ALiBi"},
        {"t5", Scheme::t5, "T5 buckets"},
        {"nope", Scheme::nope, "NoPE"},
    });
    constexpr const auto& names_of(Scheme) { return scheme_names; }
}
