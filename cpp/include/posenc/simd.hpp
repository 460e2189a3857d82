#pragma once
// Two doubles a register (SSE2 natively, simd128 in wasm), spelled with the GCC/Clang vector
// extension: where a loop keeps several sums or interleaves two streams, the compilers leave it
// scalar on their own.
#include <cstddef>
#include <cstring>

namespace posenc::detail
{
    using f64x2 = double __attribute__((vector_size(16)));
    using f32x2 = float __attribute__((vector_size(8)));
    using f32x4 = float __attribute__((vector_size(16)));

    /// Two doubles from memory with no alignment assumed.
    inline f64x2 load_f64x2(const double* from)
    {
        f64x2 v;
        std::memcpy(&v, from, sizeof v);
        return v;
    }

    inline void store_f64x2(double* to, f64x2 v) { std::memcpy(to, &v, sizeof v); }

    /// sum_c a_c b_c in four partial sums (c mod 4), added as ((0 + 1) + (2 + 3)), the leftovers into
    /// the first: one running sum would make every addition wait on the one before (~4 cycles each).
    inline double dot(const double* a, const double* b, std::size_t n)
    {
        f64x2 sums01 = {0, 0}, sums23 = {0, 0};
        std::size_t c = 0;
        for (; c + 4 <= n; c += 4)
        {
            sums01 += load_f64x2(a + c) * load_f64x2(b + c);
            sums23 += load_f64x2(a + c + 2) * load_f64x2(b + c + 2);
        }
        double sum0 = sums01[0];
        for (; c < n; ++c) sum0 += a[c] * b[c];
        return (sum0 + sums01[1]) + (sums23[0] + sums23[1]);
    }
}
