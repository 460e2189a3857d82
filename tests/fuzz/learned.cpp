// learned_table, then learned_lookup under each Overflow policy (also on a hand-made table).
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include <posenc/learned.hpp>

#include "fuzz_input.hpp"

using namespace posenc;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    posenc_fuzz::Input in(data, size);
    LearnedTableOptions options;
    options.max_length = in.integer(-2, limits::max_position + 2);
    options.d_model = in.integer(-2, 66);
    options.seed = in.bits64();
    options.max_length = posenc_fuzz::bound(options.max_length, options.d_model, limits::max_cells);
    const bool hand_made = (in.byte() & 7) == 0;
    const auto policy = in.choice<Overflow>(5);
    const double sequence_length = in.real(-10, 70000);
    const auto positions = in.positions(16, limits::max_position);
    try
    {
        xt::xtensor<double, 2> table;
        if (hand_made)
        {
            // Any shape a caller can build, including no rows or no columns.
            table = xt::xtensor<double, 2>({static_cast<std::size_t>(in.in(0, 4)), static_cast<std::size_t>(in.in(0, 4))});
            for (double& v : table) v = in.real(-1, 1);
        }
        else
        {
            table = learned_table(options);
            if (table.shape(0) != static_cast<std::size_t>(options.max_length)) std::abort();
        }
        const auto lookup = learned_lookup(table, positions, policy, sequence_length);
        if (lookup.rows.shape(0) != positions.size() || lookup.source_row.size() != positions.size()) std::abort();
        for (double row : lookup.source_row)
            if (!std::isnan(row) && !(row >= 0 && row <= static_cast<double>(table.shape(0)) - 1)) std::abort();
    }
    catch (const std::invalid_argument&)
    {
    }
    return 0;
}
