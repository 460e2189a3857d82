// Bench-only module: the memory limit of posenc's table results. fill(rows, cols, float32) returns a
// fresh JS typed array through the same typed_table path as posenc's sinusoidal, with the arithmetic
// replaced by a constant store: what remains is the scratch write and the one copy out.
// fillInto(out, rows, cols, float32) does the same into a caller's array, as `out` does.
#include <algorithm>

#include <emscripten/bind.h>

#include "../../cpp/bindings/js_values.hpp"

namespace
{
    using emscripten::val;

    template <typename T>
    val fill_table(val out, std::size_t rows, std::size_t cols)
    {
        return posenc::js::typed_table<T>(out, rows, cols, [cols](std::size_t first, std::size_t count, T* block) {
            std::fill(block, block + count * cols, static_cast<T>(first));
        });
    }

    val fill(int rows, int cols, bool float32)
    {
        const auto length = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
        return float32 ? fill_table<float>(posenc::js::array_to_fill("Float32Array", length), rows, cols)
                       : fill_table<double>(posenc::js::array_to_fill("Float64Array", length), rows, cols);
    }

    /// The same into the caller's buffer (`out` reused): the limit of posenc's tables with `out`.
    val fill_into(val out, int rows, int cols, bool float32)
    {
        return float32 ? fill_table<float>(out, rows, cols) : fill_table<double>(out, rows, cols);
    }
}

EMSCRIPTEN_BINDINGS(posenc_fill_bench)
{
    emscripten::function("fill", &fill);
    emscripten::function("fillInto", &fill_into);
}
