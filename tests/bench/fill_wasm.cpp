// Bench-only module: the memory limit of posenc's table results. fill({ rows, cols, precision })
// returns a fresh JS typed array through the same typed_table path as posenc's sinusoidal, with the
// arithmetic replaced by a constant store: what remains is the scratch write and the one copy out.
#include <algorithm>

#include <emscripten/bind.h>

#include "../../cpp/bindings/js_values.hpp"

namespace
{
    using emscripten::val;

    template <typename T>
    val fill_table(const char* constructor, std::size_t rows, std::size_t cols)
    {
        return posenc::js::typed_table<T>(constructor, rows, cols, [cols](std::size_t first, std::size_t count, T* out) {
            std::fill(out, out + count * cols, static_cast<T>(first));
        });
    }

    val fill(int rows, int cols, bool float32)
    {
        return float32 ? fill_table<float>("Float32Array", rows, cols) : fill_table<double>("Float64Array", rows, cols);
    }
}

EMSCRIPTEN_BINDINGS(posenc_fill_bench) { emscripten::function("fill", &fill); }
