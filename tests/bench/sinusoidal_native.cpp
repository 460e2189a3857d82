// The native build of posenc's sinusoidal table, timed like its peers: each repeat writes a fresh
// table (new, uninitialised memory) through sinusoidal_into. Prints one JSON line with the median
// milliseconds per output type and the largest difference from the float64 closed form (std::sin,
// std::cos of p / base^(2i/d)). Usage: posenc_sinusoidal_bench N D REPEATS
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "posenc/sinusoidal.hpp"

template <typename T>
static void measure(const char* name, const std::vector<double>& positions, std::size_t d, int repeats, bool last)
{
    const std::size_t cells = positions.size() * d;
    std::vector<double> times;
    std::unique_ptr<T[]> kept;
    for (int r = 0; r < repeats; ++r)
    {
        const auto start = std::chrono::steady_clock::now();
        auto table = std::make_unique_for_overwrite<T[]>(cells);
        posenc::sinusoidal_into<T>(positions, {static_cast<std::int64_t>(d), 10000.0}, table.get());
        times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        kept = std::move(table);  // freed at the next repeat, as a caller drops the previous result
    }
    std::sort(times.begin(), times.end());
    double max_error = 0;
    for (std::size_t p = 0; p < positions.size(); ++p)
        for (std::size_t j = 0; j < d; ++j)
        {
            const double angle = positions[p] / std::pow(10000.0, static_cast<double>(j - j % 2) / static_cast<double>(d));
            const double exact = j % 2 ? std::cos(angle) : std::sin(angle);
            max_error = std::max(max_error, std::abs(static_cast<double>(kept[p * d + j]) - exact));
        }
    std::printf("\"%s\":{\"best\":%.4f,\"median\":%.4f,\"maxError\":%.3e}%s", name, times.front(), times[times.size() / 2], max_error,
                last ? "" : ",");
}

int main(int argc, char** argv)
{
    if (argc < 4) return 2;
    const auto n = static_cast<std::size_t>(std::atol(argv[1]));
    const auto d = static_cast<std::size_t>(std::atol(argv[2]));
    const int repeats = std::atoi(argv[3]);
    std::vector<double> positions(n);
    for (std::size_t p = 0; p < n; ++p) positions[p] = static_cast<double>(p);
    std::printf("{");
    measure<double>("float64", positions, d, repeats, false);
    measure<float>("float32", positions, d, repeats, true);
    std::printf("}\n");
}
