// Adapters for the absolute encodings: sinusoidal, NoPE, the learned table and its lookup.
#include <vector>

#include "adapters.hpp"
#include "js_values.hpp"
#include "option_readers.hpp"
#include "posenc/learned.hpp"
#include "posenc/nope.hpp"
#include "posenc/sinusoidal.hpp"

namespace posenc::js
{
    namespace
    {
        /// Reads `positions` after checking that positions.length x columns fits the cell cap.
        Problem read_positions(const val& options, std::uint64_t columns, const char* size_name, std::vector<double>& out)
        {
            std::uint64_t count = 0;
            if (auto problem = read_list_length(options, "positions", count)) return problem;
            if (auto problem = check_cells(size_name, count, columns)) return problem;
            if (auto problem = read_list(options, "positions", out)) return problem;
            return check_positions(out);
        }
    }

    val sinusoidal(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        SinusoidalOptions settings;
        POSENC_CHECK(read_integer(options, "dModel", 1, limits::max_d_model, settings.d_model));
        POSENC_CHECK(read_number(options, "base", settings.base));
        Precision precision = Precision::float64;
        POSENC_CHECK(read_name(options, "layout", settings.layout));
        POSENC_CHECK(read_name(options, "precision", precision));
        POSENC_CHECK(check_sinusoidal_shape(0, settings));
        std::vector<double> positions;
        POSENC_CHECK(read_positions(options, static_cast<std::uint64_t>(settings.d_model), "positions.length x dModel", positions));

        const std::size_t rows = positions.size(), cols = static_cast<std::size_t>(settings.d_model);
        // One generator for the whole table, so the recurrence runs on from one copy-out block of
        // typed_table to the next instead of re-anchoring at each.
        SinusoidalRows generator(settings);
        const auto fill = [&](std::size_t first, std::size_t count, auto* out) {
            generator.write(std::span<const double>(positions).subspan(first, count), out);
        };
        val result = success();
        result.set("rows", rows);
        result.set("cols", cols);
        result.set("data", precision == Precision::float32 ? typed_table<float>("Float32Array", rows, cols, fill)
                                          : typed_table<double>("Float64Array", rows, cols, fill));
        return result;
    }

    val nope(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        std::int64_t d_model = 0;
        POSENC_CHECK(read_integer(options, "dModel", 1, limits::max_d_model, d_model));
        std::vector<double> positions;
        POSENC_CHECK(read_positions(options, static_cast<std::uint64_t>(d_model), "positions.length x dModel", positions));
        const auto zeros = posenc::nope(positions, d_model);
        return table_result(zeros.shape(0), zeros.shape(1), {zeros.data(), zeros.size()});
    }

    val learned_table(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        LearnedTableOptions settings;
        POSENC_CHECK(read_integer(options, "maxLength", 1, limits::max_position, settings.max_length));
        POSENC_CHECK(read_integer(options, "dModel", 1, limits::max_d_model, settings.d_model));
        std::int64_t seed = 0;
        POSENC_CHECK(read_integer(options, "seed", 0, limits::max_seed, seed));
        settings.seed = static_cast<std::uint64_t>(seed);
        POSENC_CHECK(check_learned_table(settings));
        const auto table = posenc::learned_table(settings);
        return table_result(table.shape(0), table.shape(1), {table.data(), table.size()});
    }

    val learned_lookup(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        const val table_value = options["table"];
        POSENC_CHECK(require_object(table_value, "table"));
        std::int64_t rows = 0, cols = 0;
        POSENC_CHECK(read_integer(table_value, "rows", 1, limits::max_position, rows, "table."));
        POSENC_CHECK(read_integer(table_value, "cols", 1, limits::max_d_model, cols, "table."));
        POSENC_CHECK(check_cells("table.rows x table.cols", static_cast<std::uint64_t>(rows), static_cast<std::uint64_t>(cols)));
        std::uint64_t data_length = 0;
        POSENC_CHECK(read_list_length(table_value, "data", data_length, "table."));
        if (data_length != static_cast<std::uint64_t>(rows * cols))
            return failure(range_problem("table.data.length", "table.rows x table.cols = " + std::to_string(rows * cols),
                                         std::to_string(data_length)));
        Overflow policy = Overflow::error;
        POSENC_CHECK(read_name(options, "overflow", policy));
        double sequence_length = 0;
        POSENC_CHECK(read_number(options, "sequenceLength", sequence_length));
        POSENC_CHECK(check_integer("sequenceLength", sequence_length, 0, limits::max_position + 1));
        std::vector<double> positions;
        POSENC_CHECK(read_positions(options, static_cast<std::uint64_t>(cols), "positions.length x table.cols", positions));
        POSENC_CHECK(check_learned_lookup(positions, rows, policy));

        std::vector<double> data;
        POSENC_CHECK(read_list(table_value, "data", data, "table."));
        xt::xtensor<double, 2> table({static_cast<std::size_t>(rows), static_cast<std::size_t>(cols)});
        std::copy(data.begin(), data.end(), table.begin());
        const auto lookup = posenc::learned_lookup(table, positions, policy, sequence_length);
        val result = table_result(lookup.rows.shape(0), lookup.rows.shape(1), {lookup.rows.data(), lookup.rows.size()});
        result.set("sourceRow", float64_array(lookup.source_row));
        result.set("ownRow", uint8_array(lookup.own_row));
        return result;
    }
}
