// The module's whole JS surface: registrations only. Adapters (adapters.hpp) do the checking
// and copying; the core (cpp/include/posenc) never sees Emscripten.
#include <emscripten/bind.h>

#include "adapters.hpp"

EMSCRIPTEN_BINDINGS(posenc)
{
    emscripten::function("sinusoidal", &posenc::js::sinusoidal);
    emscripten::function("limits", &posenc::js::limits);
}
