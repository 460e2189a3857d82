#pragma once
// Softmax over a run of values, in place: the toy attention row, the model's attention weights and
// its output probabilities.
#include <algorithm>
#include <cmath>
#include <cstddef>

namespace posenc::detail
{
    /// v_j <- exp(v_j - max v) / sum_k exp(v_k - max v) for j < n (n >= 1). Subtracting the largest
    /// keeps every exponent at most 0, so nothing overflows.
    inline void softmax_in_place(double* v, std::size_t n)
    {
        const double top = *std::max_element(v, v + n);
        double total = 0;
        for (std::size_t j = 0; j < n; ++j) total += v[j] = std::exp(v[j] - top);
        for (std::size_t j = 0; j < n; ++j) v[j] /= total;
    }
}
