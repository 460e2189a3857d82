#pragma once
// The angle-addition rule as one rotation, for every recurrence and rotary encoding in the core:
// rotating (cos a, sin a) by b gives (cos(a + b), sin(a + b)), and RoPE rotates each pair so.
namespace posenc::detail
{
    /// Rotates the point (x, y) by the angle whose cosine and sine are given:
    ///   x' = x cos - y sin,   y' = x sin + y cos.
    /// With (x, y) = (cos a, sin a) that is (cos(a + b), sin(a + b)); with sin negated, the rotation
    /// back by b. T is double or a vector of doubles (simd.hpp), rotating one pair per lane.
    template <typename T>
    inline void rotate(T& x, T& y, T cos, T sin)
    {
        const T next_x = x * cos - y * sin;
        y = x * sin + y * cos;
        x = next_x;
    }
}
