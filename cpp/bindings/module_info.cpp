// What the module says about itself: the bounds it checks, the names it reads, and a diagnostic
// for leak tests. None of these fail.
#include <unistd.h>

#include <cstdint>

#include <emscripten/heap.h>
#include <emscripten/stack.h>

#include "adapters.hpp"
#include "js_values.hpp"
#include "posenc/learned.hpp"
#include "posenc/limits.hpp"
#include "posenc/rope.hpp"
#include "posenc/scheme.hpp"
#include "posenc/sinusoidal.hpp"
#include "posenc/tasks.hpp"

namespace posenc::js
{
    val limits()
    {
        val result = val::object();
        result.set("maxPosition", static_cast<double>(limits::max_position));
        result.set("maxDModel", static_cast<double>(limits::max_d_model));
        result.set("maxCells", static_cast<double>(limits::max_cells));
        result.set("maxHeads", static_cast<double>(limits::max_heads));
        result.set("maxAttentionDModel", static_cast<double>(limits::max_attention_d_model));
        return result;
    }

    val names()
    {
        val result = success();
        result.set("scheme", named_entries<Scheme>());
        result.set("overflow", named_entries<Overflow>());
        result.set("task", named_entries<Task>());
        result.set("scalingKind", named_entries<RopeScalingKind>());
        result.set("pairing", named_entries<RopePairing>());
        result.set("layout", named_entries<SinusoidalLayout>());
        result.set("precision", named_entries<Precision>());
        return result;
    }

    val memory_stats()
    {
        val result = success();
        result.set("heapSize", static_cast<double>(emscripten_get_heap_size()));  // linear memory, bytes
        // The allocator's break: it only moves up when malloc needs more than it has freed.
        // (mallinfo() reads 0 under Emscripten 3.1.6's -O3 dlmalloc, so it is not used.)
        result.set("heapTop", static_cast<double>(reinterpret_cast<std::uintptr_t>(sbrk(0))));
        result.set("stackPointer", static_cast<double>(emscripten_stack_get_current()));
        result.set("stackBase", static_cast<double>(emscripten_stack_get_base()));  // the stack grows down from here
        return result;
    }
}
