#pragma once
// Adam (Kingma & Ba 2015) over one flat parameter vector, with the global gradient norm
// clipped first (a spike in one batch cannot throw a small model far).
#include <cmath>
#include <cstdint>
#include <vector>

namespace posenc
{
    struct AdamOptions
    {
        double learning_rate = 3e-3;
        double beta1 = 0.9;
        double beta2 = 0.999;
        double epsilon = 1e-8;
        double clip_norm = 1.0;  // 0: no clipping
    };

    /// m = b1 m + (1-b1) g,  v = b2 v + (1-b2) g^2,
    /// theta -= lr (m / (1 - b1^t)) / (sqrt(v / (1 - b2^t)) + eps),
    /// after g is scaled by min(1, clip / |g|).
    class Adam
    {
    public:
        Adam(std::size_t size, AdamOptions options) : options_(options), m_(size, 0.0), v_(size, 0.0) {}

        /// One update of `parameters` from `gradient` (same length); returns |g| before clipping.
        double update(std::vector<double>& parameters, const std::vector<double>& gradient)
        {
            double squares = 0;
            for (double g : gradient) squares += g * g;
            const double norm = std::sqrt(squares);
            const double clip = options_.clip_norm > 0 && norm > options_.clip_norm ? options_.clip_norm / norm : 1.0;
            ++steps_;
            const double correction1 = 1.0 - std::pow(options_.beta1, static_cast<double>(steps_));
            const double correction2 = 1.0 - std::pow(options_.beta2, static_cast<double>(steps_));
            for (std::size_t i = 0; i < parameters.size(); ++i)
            {
                const double g = gradient[i] * clip;
                m_[i] = options_.beta1 * m_[i] + (1 - options_.beta1) * g;
                v_[i] = options_.beta2 * v_[i] + (1 - options_.beta2) * g * g;
                parameters[i] -= options_.learning_rate * (m_[i] / correction1) / (std::sqrt(v_[i] / correction2) + options_.epsilon);
            }
            return norm;
        }

        std::int64_t steps() const { return steps_; }

    private:
        AdamOptions options_;
        std::vector<double> m_, v_;
        std::int64_t steps_ = 0;
    };
}
