// A diagnostic for leak tests: how much of the wasm heap is in use and where the stack pointer
// is. It lives in the bindings because only they know they run in wasm (the core never sees
// Emscripten). Returned as a plain object; it never fails.
#include <unistd.h>

#include <cstdint>

#include <emscripten/heap.h>
#include <emscripten/stack.h>

#include "adapters.hpp"
#include "js_values.hpp"

namespace posenc::js
{
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
