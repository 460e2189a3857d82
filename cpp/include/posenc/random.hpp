#pragma once
// A tiny deterministic generator: the same seed gives the same numbers natively and in wasm
// (std::normal_distribution is implementation-defined, so it cannot promise that).
#include <cmath>
#include <cstdint>
#include <numbers>

namespace posenc
{
    /// splitmix64 (Steele, Lea, Flood 2014) with Box-Muller normals.
    class Random
    {
    public:
        explicit Random(std::uint64_t seed) : state_(seed) {}

        std::uint64_t next_u64()
        {
            std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
            return z ^ (z >> 31);
        }

        /// Uniform in [0, 1), 53 random bits.
        double uniform() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

        /// Uniform integer in [0, n).
        std::uint64_t below(std::uint64_t n) { return static_cast<std::uint64_t>(uniform() * static_cast<double>(n)); }

        /// Standard normal N(0, 1).
        double normal()
        {
            const double u1 = 1.0 - uniform();  // (0, 1]: log stays finite
            const double u2 = uniform();
            return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
        }

    private:
        std::uint64_t state_;
    };
}
