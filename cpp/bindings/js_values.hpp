#pragma once
// Reading JS values into the core's options and handing results back. Nothing here throws: a
// bad value becomes an ArgumentProblem (a wrong type found here, a bad value found by the core's
// checks), and the entry point returns { ok: false, errorName, argument, message } that
// web/posenc.js turns into a thrown error. Names in messages are paths: "scaling." + "factor".
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <emscripten/val.h>

#include "posenc/arguments.hpp"
#include "posenc/names.hpp"

/// Returns the failure object from the enclosing adapter when `check` finds a problem.
#define POSENC_CHECK(check) \
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

    /// A fresh JS typed array (`constructor`) of `length` elements, for a result that writes every
    /// element: Module.newArrayToFill (array_to_fill.js) may skip zeroing it.
    val array_to_fill(const char* constructor, std::size_t length);

    /// Copies `values` into `array` (a JS typed array of values.size() elements) from element `at`.
    template <typename T>
    void copy_into(const val& array, std::span<const T> values, std::size_t at = 0)
    {
        array.call<void>("set", val(emscripten::typed_memory_view(values.size(), values.data())), at);
    }

    namespace detail
    {
        /// Scratch memory for typed_table's blocks, starting half a page past a page boundary. A
        /// large typed array's data starts at or just past one, and the copy out (V8's set, glibc's
        /// memmove, rep movsb on these CPUs) runs about 3x slower when source and destination sit at
        /// nearly the same offset in their pages: measured for a reused 8192 x 512 float32 buffer,
        /// 7.8 ms at equal offsets, 2.9 ms at any other. Wasm memory starts on a page boundary, so
        /// an address's offset here is its offset in the machine's page.
        template <typename T>
        class CopyOutBlock
        {
        public:
            explicit CopyOutBlock(std::size_t count) : storage_(count * sizeof(T) + page + placement)
            {
                const auto address = reinterpret_cast<std::uintptr_t>(storage_.data());
                const auto start = (address + page - 1) / page * page + placement;
                data_ = reinterpret_cast<T*>(storage_.data() + (start - address));
            }
            T* data() { return data_; }

        private:
            static constexpr std::size_t page = 4096, placement = page / 2 + 64;
            std::vector<std::byte> storage_;
            T* data_ = nullptr;
        };
    }

    /// `array` (the caller's, or array_to_fill's), rows x cols, filled block by block:
    /// fill(first_row, row_count, T* out) writes row_count rows into wasm scratch memory that is
    /// copied out after each block. The whole result never exists twice in wasm memory, a block
    /// of about 256 KB is still in L2 when it is copied out, and the blocks are few enough that
    /// the calls out to JS stay cheap.
    template <typename T, typename Fill>
    val typed_table(val out, std::size_t rows, std::size_t cols, Fill fill)
    {
        constexpr std::size_t block_bytes = 256 * 1024;
        const std::size_t rows_per_block = std::max<std::size_t>(1, block_bytes / (sizeof(T) * std::max<std::size_t>(1, cols)));
        detail::CopyOutBlock<T> block(std::min(rows, rows_per_block) * cols);
        for (std::size_t first = 0; first < rows; first += rows_per_block)
        {
            const std::size_t count = std::min(rows_per_block, rows - first);
            fill(first, count, block.data());
            copy_into(out, std::span<const T>(block.data(), count * cols), first * cols);
        }
        return out;
    }

    /// typed_table into a fresh array.
    template <typename T, typename Fill>
    val typed_table(const char* constructor, std::size_t rows, std::size_t cols, Fill fill)
    {
        return typed_table<T>(array_to_fill(constructor, rows * cols), rows, cols, fill);
    }

    /// { ok: true, rows, cols, data } for a row-major table: `data` copied into `array` (rows x cols
    /// Float64Array elements, from OptionsReader::output), which becomes the result's data.
    val table_result(std::size_t rows, std::size_t cols, std::span<const double> data, const val& array);

    /// Problem unless `value` is a plain object (not null, not an array).
    Problem require_object(const val& value, const std::string& name);

    /// A short description of a JS value for "got ..." in messages.
    std::string describe(const val& value);

    /// Reads the fields of one JS options object, and of the objects nested in it, into the core's
    /// option structs. It checks what only JS can get wrong: each value's type, and whether a number
    /// can be the integer a field holds. Every range is the core's: an adapter hands the result of
    /// the core's check_* to verdict().
    ///
    /// A number that is no integer (2.5, NaN, 1e308, or past +-2^53, where JS numbers stop being
    /// exact) cannot be stored in an integer field, so the field gets `unrepresentable`, a value
    /// below every range the core allows, and the number is kept: when the core's check names that
    /// field, verdict() puts the number back as given ("dModel must be an integer from 1 to 4096;
    /// got 2.5"). So the core's check must cover every integer an adapter reads.
    class OptionsReader
    {
    public:
        static constexpr std::int64_t unrepresentable = std::numeric_limits<std::int64_t>::min();

        /// Reads `object` (already checked with require_object); its fields are named `prefix` + key.
        explicit OptionsReader(val object = val::undefined(), std::string prefix = "");

        /// A reader of object[key], a nested options object whose fields are named "key.field".
        Problem nested(const char* key, OptionsReader& out) const;

        /// Whether object[key] is given (not undefined).
        bool has(const char* key) const;

        /// object[key] must be a number.
        Problem number(const char* key, double& out) const;

        /// object[key] must be a number, or missing (undefined), which leaves `out` empty.
        Problem optional_number(const char* key, std::optional<double>& out) const;

        /// object[key] must be a number; an integer within +-2^53 is stored as it is, for the core to
        /// judge, any other number as `unrepresentable` (see above).
        Problem integer(const char* key, std::int64_t& out) const;

        struct IntegerField
        {
            const char* key;
            std::int64_t& out;
        };

        /// integer() of each field in turn, up to the first problem.
        Problem integers(std::initializer_list<IntegerField> fields) const;

        /// object[key] must be a seed: an integer a JS number holds exactly, 0 .. 2^53.
        Problem seed(const char* key, std::uint64_t& out) const;

        Problem boolean(const char* key, bool& out) const;

        /// object[key] must be a string naming a value in Enum's table (names.hpp); `out` receives it.
        template <typename Enum>
        Problem name(const char* key, Enum& out) const
        {
            std::size_t index = 0;
            if (auto problem = name_index(key, posenc::detail::names_in_order<Enum>, index)) return problem;
            out = names_of(out)[index].value;
            return std::nullopt;
        }

        /// object[key] must be a string among `names`; `index` receives its position.
        Problem name_index(const char* key, std::span<const std::string_view> names, std::size_t& index) const;

        /// object[key] must be an Array or numeric typed array; `length` receives its length
        /// (before anything is copied, so the core can check sizes first).
        Problem list_length(const char* key, std::uint64_t& length) const;

        /// Copies object[key] (checked by list_length) into doubles; a plain Array's elements must
        /// each be numbers, and every element must be finite.
        Problem list(const char* key, std::vector<double>& out) const;

        /// object[key] is the caller's buffer for a result: left out (undefined), or a typed array
        /// made by `constructor` with exactly `length` elements. `array` receives it, or, when it is
        /// left out, a fresh array_to_fill. Checked before the result is computed, so a wrong
        /// buffer costs nothing; web/posenc-arguments.js lets only plain typed arrays reach here.
        Problem output(const char* key, const char* constructor, std::size_t length, val& array) const;

        /// Like output(), for a function that returns several arrays: object.out, if given, is an
        /// object whose field `key` (if given) is the buffer for the result named `key`.
        Problem nested_output(const char* key, const char* constructor, std::size_t length, val& array) const;

        /// The core's verdict on what was read, with a number read as `unrepresentable` shown as given.
        Problem verdict(Problem problem) const;

    private:
        struct Unrepresentable
        {
            std::string argument;
            double given;
        };

        val object_;
        std::string prefix_;
        std::shared_ptr<std::vector<Unrepresentable>> unrepresentable_;  // shared with nested readers
    };

    /// A plain Array of numbers, for lists the module hands out frozen (typed arrays with elements
    /// cannot be frozen).
    template <typename T>
    val plain_array(const std::vector<T>& values)
    {
        val list = val::array();
        for (const T& value : values) list.call<void>("push", static_cast<double>(value));
        return list;
    }

    /// [name, ...] of a list of names.
    val name_strings(std::span<const std::string_view> names);

    /// [{ name, label }, ...] of names and their labels.
    val named_entries(std::span<const std::string_view> names, std::span<const std::string_view> labels);

    /// [name, ...]: the names of Enum's table, in its order.
    template <typename Enum>
    val names()
    {
        return name_strings(posenc::detail::names_in_order<Enum>);
    }

    /// [{ name, label }, ...]: Enum's table, in its order.
    template <typename Enum>
    val named_entries()
    {
        return named_entries(posenc::detail::names_in_order<Enum>, posenc::detail::labels_in_order<Enum>);
    }
}
