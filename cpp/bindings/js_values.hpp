#pragma once
// Reading JS values into C++ and handing results back, with every check on the way in.
// Nothing here throws: a bad value becomes an ArgumentProblem, and the entry point returns
// { ok: false, errorName, argument, message } that web/posenc.js turns into a thrown error.
// Names in messages are paths: `prefix` + `key`, e.g. "scaling." + "factor".
#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <emscripten/val.h>

#include "posenc/arguments.hpp"
#include "posenc/names.hpp"

/// Returns the failure object from the enclosing adapter when `check` finds a problem.
#define POSENC_CHECK(check)                                                 \
    if (auto posenc_problem_ = (check)) return ::posenc::js::failure(*posenc_problem_)

namespace posenc::js
{
    using emscripten::val;

    /// { ok: false, errorName: "RangeError" | "TypeError", argument, message }.
    val failure(const ArgumentProblem& problem);

    /// { ok: true } to which the caller adds its fields.
    val success();

    /// JS-owned typed arrays holding copies (never views of the wasm heap, which growth detaches).
    val float64_array(std::span<const double> values);
    val int32_array(std::span<const std::int32_t> values);
    val uint8_array(std::span<const std::uint8_t> values);

    /// A JS typed array (`constructor`, element type T) of rows x cols, filled block by block:
    /// fill(first_row, row_count, T* out) writes row_count rows into wasm scratch memory that is
    /// copied out after each block. The whole result never exists twice in wasm memory, a block
    /// of about 256 KB is still in L2 when it is copied out, and the blocks are few enough that
    /// the calls out to JS stay cheap. Every element is written,
    /// so the array comes from Module.newArrayToFill (array_to_fill.js), which may skip zeroing it.
    template <typename T, typename Fill>
    val typed_table(const char* constructor, std::size_t rows, std::size_t cols, Fill fill)
    {
        constexpr std::size_t block_bytes = 256 * 1024;
        const std::size_t rows_per_block = std::max<std::size_t>(1, block_bytes / (sizeof(T) * std::max<std::size_t>(1, cols)));
        val out = val::module_property("newArrayToFill")(val(constructor), rows * cols);
        std::vector<T> block(std::min(rows, rows_per_block) * cols);
        for (std::size_t first = 0; first < rows; first += rows_per_block)
        {
            const std::size_t count = std::min(rows_per_block, rows - first);
            fill(first, count, block.data());
            out.call<void>("set", val(emscripten::typed_memory_view(count * cols, block.data())), first * cols);
        }
        return out;
    }

    /// { ok: true, rows, cols, data: Float64Array } for a row-major table.
    val table_result(std::size_t rows, std::size_t cols, std::span<const double> data);

    /// Problem unless `value` is a plain object (not null, not an array).
    Problem require_object(const val& value, const std::string& name);

    /// object[key] must be a number.
    Problem read_number(const val& object, const char* key, double& out, const std::string& prefix = "");

    /// object[key] must be a number that is an integer in [low, high].
    Problem read_integer(const val& object, const char* key, std::int64_t low, std::int64_t high, std::int64_t& out,
                         const std::string& prefix = "");

    Problem read_boolean(const val& object, const char* key, bool& out, const std::string& prefix = "");

    /// A short description of a JS value for "got ..." in messages.
    std::string describe(const val& value);

    /// object[key] must be a string naming a value in Enum's table (names.hpp); `out` receives it.
    template <typename Enum>
    Problem read_name(const val& object, const char* key, Enum& out, const std::string& prefix = "")
    {
        const val value = object[key];
        if (!value.isString()) return type_problem(prefix + key, allowed_names<Enum>(), describe(value));
        return parse_name(prefix + key, value.as<std::string>(), out);
    }

    /// [name, ...]: the names of Enum's table, in its order.
    template <typename Enum>
    val names()
    {
        val list = val::array();
        for (const auto& entry : names_of(Enum{})) list.call<void>("push", std::string(entry.name));
        return list;
    }

    /// [{ name, label }, ...]: Enum's table, in its order.
    template <typename Enum>
    val named_entries()
    {
        val list = val::array();
        for (const auto& entry : names_of(Enum{}))
        {
            val item = val::object();
            item.set("name", std::string(entry.name));
            item.set("label", std::string(entry.label));
            list.call<void>("push", item);
        }
        return list;
    }

    /// object[key] must be an Array or numeric typed array; `length` receives its length
    /// (before anything is copied, so callers can check sizes first).
    Problem read_list_length(const val& object, const char* key, std::uint64_t& length, const std::string& prefix = "");

    /// Copies object[key] (checked by read_list_length) into doubles; a plain Array's elements
    /// must each be numbers, and every element must be finite.
    Problem read_list(const val& object, const char* key, std::vector<double>& out, const std::string& prefix = "");

    /// Length check and copy in one, for lists whose length is capped by `max_length`.
    Problem read_capped_list(const val& object, const char* key, std::uint64_t max_length, std::vector<double>& out,
                             const std::string& prefix = "");
}
