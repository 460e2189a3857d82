#pragma once
// IEEE 754 binary16 ("half") bits, for trained weights the page downloads: half the bytes of
// float32, and the toy models' accuracy and predictions do not move (checked on the shipped ones).
#include <bit>
#include <cmath>
#include <cstdint>

namespace posenc
{
    /// The half nearest `value` (ties to even), via its float; past the largest half (65,504) it is
    /// infinity, as is a NaN's sign-kept infinity (the loader refuses both).
    inline std::uint16_t half_bits(float value)
    {
        const auto bits = std::bit_cast<std::uint32_t>(value);
        const auto sign = static_cast<std::uint16_t>((bits >> 16) & 0x8000u);
        const int exponent = static_cast<int>((bits >> 23) & 0xffu) - 127 + 15;
        std::uint32_t mantissa = bits & 0x7fffffu;
        if (exponent >= 31) return static_cast<std::uint16_t>(sign | 0x7c00u);
        int shift = 13;
        std::uint32_t half = (static_cast<std::uint32_t>(exponent) << 10) | (mantissa >> 13);
        if (exponent <= 0)  // a subnormal half (or zero): the implicit 1 shifts into the mantissa
        {
            if (exponent < -10) return sign;
            mantissa |= 0x800000u;
            shift = 14 - exponent;
            half = mantissa >> shift;
        }
        const std::uint32_t rest = mantissa & ((1u << shift) - 1), halfway = 1u << (shift - 1);
        if (rest > halfway || (rest == halfway && (half & 1u))) ++half;  // a carry into the exponent is still right
        return static_cast<std::uint16_t>(sign | half);
    }

    /// The value of half `bits`.
    inline double half_value(std::uint16_t bits)
    {
        const int exponent = (bits >> 10) & 0x1f;
        const int mantissa = bits & 0x3ff;
        const double magnitude = exponent == 0    ? std::ldexp(mantissa, -24)
                                 : exponent == 31 ? (mantissa ? NAN : INFINITY)
                                                  : std::ldexp(1024 + mantissa, exponent - 25);
        return (bits & 0x8000u) ? -magnitude : magnitude;
    }
}
