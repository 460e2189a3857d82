// Adapters for the absolute encodings: sinusoidal, NoPE, the learned table and its lookup.
#include <vector>

#include "adapters.hpp"
#include "js_values.hpp"
#include "posenc/learned.hpp"
#include "posenc/nope.hpp"
#include "posenc/sinusoidal.hpp"

namespace posenc::js
{
    namespace
    {
        /// Reads `positions` once the core has judged their count (check_shape(count)), then has
        /// the core check each.
        template <typename CheckShape>
        Problem read_positions(const OptionsReader& read, CheckShape check_shape, std::vector<double>& out)
        {
            std::uint64_t count = 0;
            if (auto problem = read.list_length("positions", count)) return problem;
            if (auto problem = read.verdict(check_shape(count))) return problem;
            if (auto problem = read.list("positions", out)) return problem;
            return check_positions(out);
        }
    }

    val sinusoidal(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        const OptionsReader read(options);
        SinusoidalOptions settings;
        Precision precision = Precision::float64;
        POSENC_CHECK(read.integer("dModel", settings.d_model));
        POSENC_CHECK(read.number("base", settings.base));
        POSENC_CHECK(read.name("layout", settings.layout));
        POSENC_CHECK(read.name("precision", precision));
        std::vector<double> positions;
        POSENC_CHECK(read_positions(
            read, [&](std::uint64_t count) { return check_sinusoidal_shape(count, settings); }, positions));

        const std::size_t rows = positions.size(), cols = static_cast<std::size_t>(settings.d_model);
        const bool float32 = precision == Precision::float32;
        val data = val::undefined();
        POSENC_CHECK(read.output("out", float32 ? "Float32Array" : "Float64Array", rows * cols, data));
        // One generator for the whole table, so the recurrence runs on from one copy-out block of
        // typed_table to the next instead of re-anchoring at each.
        SinusoidalRows generator(settings);
        const auto fill = [&](std::size_t first, std::size_t count, auto* out) {
            generator.write(std::span<const double>(positions).subspan(first, count), out);
        };
        val result = success();
        result.set("rows", rows);
        result.set("cols", cols);
        result.set("data", float32 ? typed_table<float>(data, rows, cols, fill) : typed_table<double>(data, rows, cols, fill));
        return result;
    }

    val nope(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        const OptionsReader read(options);
        std::int64_t d_model = 0;
        POSENC_CHECK(read.integer("dModel", d_model));
        std::vector<double> positions;
        POSENC_CHECK(read_positions(
            read, [&](std::uint64_t count) { return check_nope_shape(count, d_model); }, positions));
        val data = val::undefined();
        POSENC_CHECK(read.output("out", "Float64Array", positions.size() * static_cast<std::size_t>(d_model), data));
        const auto zeros = posenc::nope(positions, d_model);
        return table_result(zeros.shape(0), zeros.shape(1), {zeros.data(), zeros.size()}, data);
    }

    val learned_table(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        const OptionsReader read(options);
        LearnedTableOptions settings;
        POSENC_CHECK(read.integers({{"maxLength", settings.max_length}, {"dModel", settings.d_model}}));
        POSENC_CHECK(read.seed("seed", settings.seed));
        POSENC_CHECK(read.verdict(check_learned_table(settings)));
        val data = val::undefined();
        POSENC_CHECK(read.output("out", "Float64Array", static_cast<std::size_t>(settings.max_length * settings.d_model), data));
        const auto table = posenc::learned_table(settings);
        return table_result(table.shape(0), table.shape(1), {table.data(), table.size()}, data);
    }

    val learned_lookup(val options)
    {
        POSENC_CHECK(require_object(options, "options"));
        const OptionsReader read(options);
        OptionsReader table_read;
        std::int64_t rows = 0, cols = 0;
        std::uint64_t data_length = 0, count = 0;
        Overflow policy = Overflow::error;
        double sequence_length = 0;
        POSENC_CHECK(read.nested("table", table_read));
        POSENC_CHECK(table_read.integers({{"rows", rows}, {"cols", cols}}));
        POSENC_CHECK(table_read.list_length("data", data_length));
        POSENC_CHECK(read.name("overflow", policy));
        POSENC_CHECK(read.number("sequenceLength", sequence_length));
        POSENC_CHECK(read.list_length("positions", count));
        POSENC_CHECK(read.verdict(check_lookup_shape(rows, cols, data_length, count)));
        POSENC_CHECK(check_sequence_length(sequence_length));
        val out = val::undefined();
        POSENC_CHECK(read.output("out", "Float64Array", static_cast<std::size_t>(count) * static_cast<std::size_t>(cols), out));
        std::vector<double> positions;
        POSENC_CHECK(read.list("positions", positions));
        POSENC_CHECK(check_learned_lookup(positions, rows, policy));

        std::vector<double> data;
        POSENC_CHECK(table_read.list("data", data));
        xt::xtensor<double, 2> table({static_cast<std::size_t>(rows), static_cast<std::size_t>(cols)});
        std::copy(data.begin(), data.end(), table.begin());
        const auto lookup = posenc::learned_lookup(table, positions, policy, sequence_length);
        val result = table_result(lookup.rows.shape(0), lookup.rows.shape(1), {lookup.rows.data(), lookup.rows.size()}, out);
        result.set("sourceRow", float64_array(lookup.source_row));
        result.set("ownRow", uint8_array(lookup.own_row));
        return result;
    }
}
