#pragma once
// Turns libFuzzer's bytes into bounded arguments for the core. Past the end every read gives 0.
// A harness calls the core and catches std::invalid_argument only (a documented rejection);
// any other exception, sanitizer report or abort is a finding.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace posenc_fuzz
{
    /// Largest result a harness lets a valid request produce (cells of doubles): 16K x 8 bytes = 128 KB,
    /// so one input stays well under ~16 MB and ~10 ms. Requests past the core's own limits are
    /// passed through unchanged (the core must refuse them before allocating).
    inline constexpr std::uint64_t max_cells = std::uint64_t{1} << 14;

    class Input
    {
    public:
        Input(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

        std::uint8_t byte() { return at_ < size_ ? data_[at_++] : 0; }
        bool flag() { return (byte() & 1) != 0; }

        std::uint64_t bits64()
        {
            std::uint64_t value = 0;
            for (int i = 0; i < 8; ++i) value |= static_cast<std::uint64_t>(byte()) << (8 * i);
            return value;
        }

        /// An integer in [low, high].
        std::int64_t in(std::int64_t low, std::int64_t high)
        {
            const auto span = static_cast<std::uint64_t>(high) - static_cast<std::uint64_t>(low) + 1;
            const std::uint64_t raw = span <= 0x10000 ? (byte() | static_cast<std::uint64_t>(byte()) << 8) : bits64();
            return static_cast<std::int64_t>(static_cast<std::uint64_t>(low) + (span == 0 ? raw : raw % span));
        }

        /// Mostly an integer in [low, high]; one time in 16 any int64 (INT64_MIN, -1, huge).
        std::int64_t integer(std::int64_t low, std::int64_t high)
        {
            if ((byte() & 15) == 0) return static_cast<std::int64_t>(bits64());
            return in(low, high);
        }

        /// Any double bit pattern: NaN, +-Inf, denormals, huge.
        double raw_double()
        {
            const std::uint64_t bits = bits64();
            double value;
            std::memcpy(&value, &bits, sizeof value);
            return value;
        }

        /// Mostly an integer-valued double in [low, high]; one time in 8 a raw double.
        double number(std::int64_t low, std::int64_t high)
        {
            if ((byte() & 7) == 0) return raw_double();
            return static_cast<double>(in(low, high));
        }

        /// Mostly a "nice" real (an integer over 16) in [low, high]; one time in 8 a raw double.
        double real(double low, double high)
        {
            if ((byte() & 7) == 0) return raw_double();
            const double unit = static_cast<double>(byte() | (static_cast<unsigned>(byte()) << 8)) / 65535.0;
            return low + unit * (high - low);
        }

        /// `count` positions (count in [0, max_count]), each from number(-1, limit + 1).
        std::vector<double> positions(std::size_t max_count, std::int64_t limit)
        {
            std::vector<double> out(static_cast<std::size_t>(in(0, static_cast<std::int64_t>(max_count))));
            const bool consecutive = flag();  // runs exercise the sinusoidal recurrence
            const double start = number(-1, limit + 1);
            for (std::size_t i = 0; i < out.size(); ++i) out[i] = consecutive ? start + static_cast<double>(i) : number(-1, limit + 1);
            return out;
        }

        template <typename E>
        E choice(int count)
        {
            return static_cast<E>(byte() % count);
        }

    private:
        const std::uint8_t* data_;
        std::size_t size_;
        std::size_t at_ = 0;
    };

    /// Shrinks `count` so that count x per_item stays within max_cells, unless both are valid for
    /// the core and the product is past `core_limit` (then it is left for the core to refuse).
    inline std::int64_t bound(std::int64_t count, std::int64_t per_item, std::uint64_t core_limit)
    {
        if (count <= 0 || per_item <= 0) return count;
        const auto product = static_cast<unsigned __int128>(count) * static_cast<unsigned __int128>(per_item);
        if (product > core_limit || product <= max_cells) return count;
        return std::max<std::int64_t>(1, static_cast<std::int64_t>(max_cells / static_cast<std::uint64_t>(per_item)));
    }
}
