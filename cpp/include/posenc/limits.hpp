#pragma once
// Bounds every entry point checks before it allocates: a request past one is an argument
// error, never an out-of-memory abort (wasm32 has 1 GB at most and a 32-bit size_t).
#include <cstdint>

namespace posenc::limits
{
    inline constexpr std::int64_t max_position = 65536;            // largest position index
    inline constexpr std::int64_t max_d_model = 4096;              // widest encoding
    inline constexpr std::uint64_t max_cells = std::uint64_t{1} << 25;  // rows x cols of a result
}
