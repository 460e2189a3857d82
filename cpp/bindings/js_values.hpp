#pragma once
// Reading JS values into C++ and handing results back, with every check on the way in.
// Nothing here throws: a bad value becomes an ArgumentProblem, and the entry point returns
// { ok: false, errorName, argument, message } that web/posenc.js turns into a thrown error.
#include <span>
#include <string>
#include <vector>

#include <emscripten/val.h>

#include "posenc/arguments.hpp"

namespace posenc::js
{
    using emscripten::val;

    /// { ok: false, errorName: "RangeError" | "TypeError", argument, message }.
    val failure(const ArgumentProblem& problem);

    /// { ok: true } to which the caller adds its fields.
    val success();

    /// A Float64Array owned by JS holding a copy of `values` (never a view of the wasm heap,
    /// which memory growth would detach).
    val float64_array(std::span<const double> values);

    /// Problem unless `options` is a plain object (not null, not an array).
    Problem require_object(const val& options, const std::string& argument);

    /// Reads options[name], which must be a number (web/posenc.js fills in defaults).
    Problem read_number(const val& options, const char* name, double& out);

    /// Length of options[name] if it is an Array or a numeric typed array (not BigInt).
    Problem read_number_list_length(const val& options, const char* name, double& length);

    /// Copies options[name] (checked by read_number_list_length) into doubles; a plain
    /// Array's elements must each be numbers.
    Problem read_number_list(const val& options, const char* name, std::vector<double>& out);
}
