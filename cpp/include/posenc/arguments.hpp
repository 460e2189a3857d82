#pragma once
// What is wrong with an argument, said so a learner can fix the call: the argument's name,
// the value given and what is allowed. The core's checks return one of these; native callers
// get it thrown as std::invalid_argument, the wasm bindings hand it to JS as a RangeError or
// TypeError (no C++ exception crosses the wasm boundary).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "limits.hpp"

namespace posenc
{
    struct ArgumentProblem
    {
        enum class Kind
        {
            type,  // a TypeError in JS: the wrong kind of value
            range  // a RangeError in JS: a value the argument may not take
        };
        Kind kind;
        std::string argument;
        std::string allowed;  // what the argument must be
        std::string got;      // the value given, as text

        /// "<argument> must be <allowed>; got <got>".
        std::string message() const { return argument + " must be " + allowed + "; got " + got; }
    };

    using Problem = std::optional<ArgumentProblem>;

    /// Formats a number as JS prints it in the common cases: integers without ".0", shortest round trip.
    inline std::string format_number(double value)
    {
        if (std::isnan(value)) return "NaN";
        if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
        if (value == std::trunc(value) && std::fabs(value) < 1e17) return std::to_string(static_cast<std::int64_t>(value));
        // Shortest precision that reads back as the same double, as JS's Number#toString does.
        char text[32] = {};
        for (int digits = 1; digits <= 17; ++digits)
        {
            std::snprintf(text, sizeof text, "%.*g", digits, value);
            if (std::strtod(text, nullptr) == value) break;
        }
        return text;
    }

    /// A value the argument may not take (a RangeError in JS).
    inline ArgumentProblem range_problem(const std::string& argument, const std::string& allowed, const std::string& got)
    {
        return {ArgumentProblem::Kind::range, argument, allowed, got};
    }

    /// A value of the wrong kind (a TypeError in JS).
    inline ArgumentProblem type_problem(const std::string& argument, const std::string& allowed, const std::string& got)
    {
        return {ArgumentProblem::Kind::type, argument, allowed, got};
    }

    /// A text value for "got ...": the string "...", cut short past 40 characters.
    inline std::string describe_text(std::string_view text)
    {
        const std::string shown = text.size() > 40 ? std::string(text.substr(0, 37)) + "..." : std::string(text);
        return "the string \"" + shown + "\"";
    }

    /// Whether `value` is an integer in [low, high].
    inline bool is_integer_in(double value, std::int64_t low, std::int64_t high)
    {
        return std::isfinite(value) && value == std::trunc(value) && value >= static_cast<double>(low)
               && value <= static_cast<double>(high);
    }

    /// Problem unless `value` is an integer in [low, high].
    inline Problem check_integer(const std::string& argument, double value, std::int64_t low, std::int64_t high)
    {
        if (is_integer_in(value, low, high)) return std::nullopt;
        return range_problem(argument, "an integer from " + std::to_string(low) + " to " + std::to_string(high), format_number(value));
    }

    /// Problem unless a result of rows x cols stays within limits::max_cells. Checked before
    /// anything is allocated; `argument` names what the caller controls (e.g. "positions.length x dModel").
    inline Problem check_cells(const std::string& argument, std::uint64_t rows, std::uint64_t cols)
    {
        const std::uint64_t cells = rows * cols;  // both are far below 2^32, so no overflow
        if (cells <= limits::max_cells) return std::nullopt;
        return range_problem(argument, "at most " + std::to_string(limits::max_cells) + " cells",
                             std::to_string(rows) + " x " + std::to_string(cols) + " = " + std::to_string(cells));
    }

    /// Problem unless every position is an integer index in [0, largest] (limits::max_position for
    /// a table's rows, limits::max_analysis_position for what needs no table).
    inline Problem check_positions(std::span<const double> positions, std::int64_t largest = limits::max_position)
    {
        // The name is built only for a position that fails: a string per row would cost more than
        // the check itself.
        for (std::size_t row = 0; row < positions.size(); ++row)
            if (!is_integer_in(positions[row], 0, largest))
                return check_integer("positions[" + std::to_string(row) + "]", positions[row], 0, largest);
        return std::nullopt;
    }

    /// Native builds: an impossible argument is a programming error, reported by exception.
    inline void throw_if(const Problem& problem)
    {
        if (problem) throw std::invalid_argument(problem->message());
    }
}
