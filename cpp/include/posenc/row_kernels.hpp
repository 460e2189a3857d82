#pragma once
// The inner kernel of the model's passes: a block of up to 8 outputs that stays in registers
// (four 128-bit SIMD vectors under -msimd128) while a sum of scaled rows is added into it.
//
// Every output is summed in the same order as the plain loop it replaces (a dot product over c,
// or an accumulation over rows), so results are bit-identical to it: the speed comes from
// computing 8 independent sums side by side, never from reordering one sum.
#include <cstddef>
#include <type_traits>
#include <vector>

namespace posenc::detail
{
    /// Outputs one kernel call keeps in registers.
    inline constexpr std::size_t kernel_block = 8;

    /// acc[b] += scalar(k) * row(k)[b] for b < Width, one k at a time for k = 0 .. count-1.
    /// `row(k)` points at Width contiguous doubles; `scalar(k)` is a double.
    template <std::size_t Width, class Scalar, class Row>
    inline void add_scaled_rows(std::size_t count, Scalar&& scalar, Row&& row, double* __restrict acc)
    {
        double sums[Width];
        for (std::size_t b = 0; b < Width; ++b) sums[b] = acc[b];
        for (std::size_t k = 0; k < count; ++k)
        {
            const double s = scalar(k);
            const double* __restrict r = row(k);
            for (std::size_t b = 0; b < Width; ++b) sums[b] += s * r[b];
        }
        for (std::size_t b = 0; b < Width; ++b) acc[b] = sums[b];
    }

    /// Calls kernel(start, width) over 0 .. n-1 in blocks of kernel_block, then single outputs;
    /// `width` is a std::integral_constant, so kernels instantiate add_scaled_rows<width>.
    template <class Kernel>
    inline void for_each_block(std::size_t n, Kernel&& kernel)
    {
        std::size_t start = 0;
        for (; start + kernel_block <= n; start += kernel_block) kernel(start, std::integral_constant<std::size_t, kernel_block>{});
        for (; start < n; ++start) kernel(start, std::integral_constant<std::size_t, 1>{});
    }

    /// The transpose of a row-major (rows x cols) matrix, row-major (cols x rows).
    inline std::vector<double> transposed(const double* m, std::size_t rows, std::size_t cols)
    {
        std::vector<double> t(rows * cols);
        for (std::size_t r = 0; r < rows; ++r)
            for (std::size_t c = 0; c < cols; ++c) t[c * rows + r] = m[r * cols + c];
        return t;
    }
}
