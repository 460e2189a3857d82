#pragma once
// One adapter per exported function: read and check the JS options, call the core, copy the
// result out. Each returns { ok: true, ... } or the failure object of js_values.hpp.
#include <emscripten/val.h>

namespace posenc::js
{
    /// { positions, dModel, base } -> { ok, rows, cols, data: Float64Array }.
    emscripten::val sinusoidal(emscripten::val options);

    /// The bounds every call is checked against: { maxPosition, maxDModel, maxCells }.
    emscripten::val limits();
}
