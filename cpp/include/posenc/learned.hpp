#pragma once
// A learned absolute position table (BERT, GPT-2) and what a model is handed at a position the
// table has no row for.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <xtensor/xtensor.hpp>

#include "arguments.hpp"
#include "names.hpp"
#include "random.hpp"

namespace posenc
{
    /// What to do with a position p >= maxLength, the first index the table has no row for.
    enum class Overflow
    {
        error,        // refuse: the row does not exist
        clamp,        // hand over the last row, L - 1
        wrap,         // row p mod L
        window,       // keep only the last L positions of the sequence, re-indexed to 0 .. L-1
        interpolate,  // row p (L-1)/(n-1), linear between the two nearest rows
    };

    inline constexpr auto overflow_names = std::to_array<Named<Overflow>>({
        {"error", Overflow::error, "error"},
        {"clamp", Overflow::clamp, "clamp"},
        {"wrap", Overflow::wrap, "wrap"},
        {"window", Overflow::window, "window"},
        {"interpolate", Overflow::interpolate, "interpolate"},
    });
    constexpr const auto& names_of(Overflow) { return overflow_names; }

    struct LearnedTableOptions
    {
        std::int64_t max_length = 0;
        std::int64_t d_model = 0;
        std::uint64_t seed = 0;
    };

    inline Problem check_learned_table(const LearnedTableOptions& options)
    {
        if (auto problem = check_integer("maxLength", static_cast<double>(options.max_length), 1, limits::max_position)) return problem;
        if (auto problem = check_integer("dModel", static_cast<double>(options.d_model), 1, limits::max_d_model)) return problem;
        return check_cells("maxLength x dModel", static_cast<std::uint64_t>(options.max_length),
                           static_cast<std::uint64_t>(options.d_model));
    }

    /// Problem with the sizes of a lookup whose table is handed over as rows, cols and its data's
    /// length (a caller that reads one from numbers, as the bindings do), before anything is copied.
    inline Problem check_lookup_shape(std::int64_t rows, std::int64_t cols, std::uint64_t data_length, std::uint64_t position_count)
    {
        if (auto problem = check_integer("table.rows", static_cast<double>(rows), 1, limits::max_position)) return problem;
        if (auto problem = check_integer("table.cols", static_cast<double>(cols), 1, limits::max_d_model)) return problem;
        if (auto problem = check_cells("table.rows x table.cols", static_cast<std::uint64_t>(rows), static_cast<std::uint64_t>(cols)))
            return problem;
        const auto cells = static_cast<std::uint64_t>(rows * cols);
        if (data_length != cells)
            return range_problem("table.data.length", "table.rows x table.cols = " + std::to_string(cells), std::to_string(data_length));
        return check_cells("positions.length x table.cols", position_count, static_cast<std::uint64_t>(cols));
    }

    /// A freshly initialised table, shape (max_length, d_model): entries N(0, 0.02^2) as Hugging Face's
    /// GPT-2 and BERT initialise position embeddings (OpenAI's GPT-2 code drew them with 0.01), from a deterministic generator seeded with `seed`.
    inline xt::xtensor<double, 2> learned_table(const LearnedTableOptions& options)
    {
        throw_if(check_learned_table(options));
        xt::xtensor<double, 2> table({static_cast<std::size_t>(options.max_length), static_cast<std::size_t>(options.d_model)});
        Random random(options.seed);
        for (double& entry : table) entry = 0.02 * random.normal();
        return table;
    }

    /// The rows handed to the model for each position, and where they came from.
    struct LearnedLookup
    {
        xt::xtensor<double, 2> rows;        // (positions, d_model); zeros for a dropped position
        std::vector<double> source_row;     // row index used (fractional for interpolate), NaN if dropped
        std::vector<std::uint8_t> own_row;  // 1 when the position's own trained row was used
    };

    /// The row index a policy hands over for position p when the sequence has `length` positions
    /// (length >= L makes window and interpolate act); NaN for a position the window drops.
    inline double overflow_row(Overflow policy, double p, std::int64_t max_length, double length)
    {
        const double last = static_cast<double>(max_length - 1);
        if (p <= last && !(policy == Overflow::window || policy == Overflow::interpolate)) return p;
        switch (policy)
        {
        case Overflow::error: return p;  // checked before: only p <= last gets here
        case Overflow::clamp: return last;
        case Overflow::wrap: return std::fmod(p, static_cast<double>(max_length));
        case Overflow::window:
        {
            const double first_kept = std::max(0.0, length - static_cast<double>(max_length));
            return p < first_kept ? std::nan("") : p - first_kept;
        }
        case Overflow::interpolate: return length <= static_cast<double>(max_length) ? p : p * last / (length - 1.0);
        }
        return p;
    }

    /// Where a source row r (fractional for 'interpolate') reads a table of `rows` rows: the row below
    /// r, the one above it (the last row stands in for the one past the end), and t, the weight of
    /// the row above. Every reader of learned rows blends through it, and the backward pass through
    /// its transpose.
    struct RowBlend
    {
        std::size_t below = 0, above = 0;
        double t = 0;

        /// (1 - t) at_below + t at_above.
        double operator()(double at_below, double at_above) const { return (1 - t) * at_below + t * at_above; }

        /// out[c] += the blend of column c, for a row-major table of d columns.
        void add_row(const double* table, std::size_t d, double* out) const
        {
            for (std::size_t c = 0; c < d; ++c) out[c] += (*this)(table[below * d + c], table[above * d + c]);
        }

        /// The transpose of add_row: gradient[c] goes (1 - t) to row below and t to row above.
        void scatter_row(const double* gradient, std::size_t d, double* table_gradient) const
        {
            for (std::size_t c = 0; c < d; ++c)
            {
                table_gradient[below * d + c] += (1 - t) * gradient[c];
                table_gradient[above * d + c] += t * gradient[c];
            }
        }
    };

    /// The blend for source row `row` (not NaN: a dropped position reads no row) of a table of `rows` rows.
    inline RowBlend row_blend(double row, std::size_t rows)
    {
        const auto below = static_cast<std::size_t>(std::floor(row));
        return {below, std::min(below + 1, rows - 1), row - static_cast<double>(below)};
    }

    /// The sequence length n the overflow policies use: max(sequence_length, max(positions) + 1), so
    /// window and interpolate never hand over a row past L - 1 (at least `least`, e.g. the token count).
    inline double lookup_length(double sequence_length, std::span<const double> positions, double least = 0)
    {
        double length = std::max(sequence_length, least);
        for (double p : positions) length = std::max(length, p + 1);
        return length;
    }

    /// Problem unless the sequence length a lookup is told is an integer in [0, max_position + 1]:
    /// window and interpolate compute rows from it (a NaN length made window hand over row p itself,
    /// past the table's end).
    inline Problem check_sequence_length(double sequence_length)
    {
        return check_integer("sequenceLength", sequence_length, 0, limits::max_position + 1);
    }

    /// Problem with a lookup: the table has a row, positions valid, and under Overflow::error every position has a row.
    inline Problem check_learned_lookup(std::span<const double> positions, std::int64_t max_length, Overflow policy)
    {
        // A table with no rows has nothing to hand over (clamp and interpolate would read row -1).
        if (max_length < 1) return range_problem("maxLength", "at least 1: the table has no rows", std::to_string(max_length));
        if (auto problem = check_positions(positions)) return problem;
        if (policy != Overflow::error) return std::nullopt;
        for (std::size_t i = 0; i < positions.size(); ++i)
            if (positions[i] >= static_cast<double>(max_length))
                return range_problem("positions[" + std::to_string(i) + "]",
                                     "below maxLength " + std::to_string(max_length) + " with overflow 'error': the table has rows 0.."
                                         + std::to_string(max_length - 1) + " and no row " + format_number(positions[i]) + " exists",
                                     format_number(positions[i]));
        return std::nullopt;
    }

    /// Looks up every position in `table` (L rows). The sequence length n is
    /// max(sequence_length, max(positions) + 1); window and interpolate act when n > L.
    /// Throws std::invalid_argument for what check_learned_lookup or check_sequence_length rejects.
    inline LearnedLookup learned_lookup(const xt::xtensor<double, 2>& table, std::span<const double> positions, Overflow policy,
                                        double sequence_length = 0)
    {
        const auto max_length = static_cast<std::int64_t>(table.shape(0));
        throw_if(check_learned_lookup(positions, max_length, policy));
        throw_if(check_sequence_length(sequence_length));
        const double length = lookup_length(sequence_length, positions);
        const std::size_t d = table.shape(1);
        LearnedLookup result{xt::zeros<double>({positions.size(), d}), std::vector<double>(positions.size()),
                             std::vector<std::uint8_t>(positions.size())};
        for (std::size_t i = 0; i < positions.size(); ++i)
        {
            const double row = overflow_row(policy, positions[i], max_length, length);
            result.source_row[i] = row;
            result.own_row[i] = row == positions[i] && positions[i] < static_cast<double>(max_length);
            if (std::isnan(row)) continue;
            const auto blend = row_blend(row, static_cast<std::size_t>(max_length));
            for (std::size_t c = 0; c < d; ++c) result.rows(i, c) = blend(table(blend.below, c), table(blend.above, c));
        }
        return result;
    }
}
