#include <vector>

#include "adapters.hpp"
#include "js_values.hpp"
#include "posenc/sinusoidal.hpp"

namespace posenc::js
{
    val sinusoidal(val options)
    {
        if (auto problem = require_object(options, "options")) return failure(*problem);
        double d_model = 0, base = 0, count = 0;
        if (auto problem = read_number(options, "dModel", d_model)) return failure(*problem);
        if (auto problem = check_integer("dModel", d_model, 1, limits::max_d_model)) return failure(*problem);
        if (auto problem = read_number(options, "base", base)) return failure(*problem);
        if (auto problem = read_number_list_length(options, "positions", count)) return failure(*problem);

        const SinusoidalOptions settings{static_cast<std::int64_t>(d_model), base};
        // The size is checked before the positions are copied or the table allocated.
        if (auto problem = check_sinusoidal_shape(static_cast<std::uint64_t>(count), settings))
            return failure(*problem);
        std::vector<double> positions;
        if (auto problem = read_number_list(options, "positions", positions)) return failure(*problem);
        if (auto problem = check_positions(positions)) return failure(*problem);

        const auto table = posenc::sinusoidal(positions, settings);
        val result = success();
        result.set("rows", table.shape(0));
        result.set("cols", table.shape(1));
        result.set("data", float64_array({table.data(), table.size()}));
        return result;
    }

    val limits()
    {
        val result = val::object();
        result.set("maxPosition", static_cast<double>(limits::max_position));
        result.set("maxDModel", static_cast<double>(limits::max_d_model));
        result.set("maxCells", static_cast<double>(limits::max_cells));
        return result;
    }
}
