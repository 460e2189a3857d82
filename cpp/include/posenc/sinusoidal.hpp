#pragma once
// The sinusoidal encoding of "Attention Is All You Need" (Vaswani et al. 2017, section 3.5).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include <xtensor/xtensor.hpp>
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>  // clang's portable wasm SIMD intrinsics (not an Emscripten header)
#endif

#include "arguments.hpp"
#include "names.hpp"
#include "rotation.hpp"
#include "simd.hpp"

namespace posenc
{
    enum class SinusoidalLayout
    {
        interleaved,  // the paper and HF: PE(p, 2i) = sin, PE(p, 2i+1) = cos
        concat,       // tensor2tensor/fairseq style blocks [sin_0 .. sin_{d/2-1} | cos_0 .. cos_{d/2-1}]
    };

    inline constexpr auto sinusoidal_layout_names = std::to_array<Named<SinusoidalLayout>>({
        {"interleaved", SinusoidalLayout::interleaved, "interleaved"},
        {"concat", SinusoidalLayout::concat, "concatenated"},
    });
    constexpr const auto& names_of(SinusoidalLayout) { return sinusoidal_layout_names; }

    /// How a table's values are stored (sinusoidal_into<T>): double, or float rounded once.
    enum class Precision
    {
        float64,
        float32
    };

    inline constexpr auto precision_names = std::to_array<Named<Precision>>({
        {"float64", Precision::float64, "float64"},
        {"float32", Precision::float32, "float32"},
    });
    constexpr const auto& names_of(Precision) { return precision_names; }

    struct SinusoidalOptions
    {
        std::int64_t d_model = 0;
        double base = 10000.0;
        SinusoidalLayout layout = SinusoidalLayout::interleaved;
    };

    /// Problem with the shape of a sinusoidal request (d_model, base, layout, result size), or
    /// none. Needs only the number of positions, so callers can check before copying positions.
    inline Problem check_sinusoidal_shape(std::uint64_t position_count, const SinusoidalOptions& options)
    {
        if (auto problem = check_integer("dModel", static_cast<double>(options.d_model), 1, limits::max_d_model)) return problem;
        if (options.layout == SinusoidalLayout::concat && options.d_model % 2 != 0)
            return range_problem("dModel", "even for layout 'concat' (sin and cos blocks of d/2 columns)", std::to_string(options.d_model));
        if (!(std::isfinite(options.base) && options.base > 1.0))
            return range_problem("base", "a finite number greater than 1", format_number(options.base));
        return check_cells("positions.length x dModel", position_count, static_cast<std::uint64_t>(options.d_model));
    }

    inline Problem check_sinusoidal(std::span<const double> positions, const SinusoidalOptions& options)
    {
        if (auto problem = check_sinusoidal_shape(positions.size(), options)) return problem;
        return check_positions(positions);
    }

    /// w_i = 1 / base^(2i/d) for the ceil(d/2) frequency pairs, the paper's frequencies.
    inline std::vector<double> sinusoidal_frequencies(std::int64_t d_model, double base)
    {
        std::vector<double> frequencies(static_cast<std::size_t>((d_model + 1) / 2));
        for (std::size_t i = 0; i < frequencies.size(); ++i)
            frequencies[i] = 1.0 / std::pow(base, static_cast<double>(2 * i) / static_cast<double>(d_model));
        return frequencies;
    }

    namespace detail
    {
        /// Steps of the angle-addition recurrence between re-anchors: each step adds a few ulp, so
        /// 256 steps stay near 1e-13. A run's first anchor comes from libm; the next ones rotate
        /// the previous anchor by 256 w_i (a few ulp each: ~1e-13 after 65,536 rows).
        inline constexpr int steps_per_anchor = 256;

        /// Most bytes of rows one run of the recurrence writes before the next run starts.
        inline constexpr std::size_t strip_bytes = 64 * 1024;

        /// Writes two pairs as the interleaved table lays them out: sin_0, cos_0, sin_1, cos_1.
        inline void store_interleaved(double* out, f64x2 sin, f64x2 cos)
        {
            store_f64x2(out, __builtin_shufflevector(sin, cos, 0, 2));
            store_f64x2(out + 2, __builtin_shufflevector(sin, cos, 1, 3));
        }

        /// The same, each value rounded once to float (as static_cast<float> does).
        inline void store_interleaved(float* out, f64x2 sin, f64x2 cos)
        {
#if defined(__wasm_simd128__)
            // Spelled with the intrinsics: LLVM legalizes the generic two-float conversion below
            // lane by lane in wasm, where one demote converts both lanes.
            const v128_t sin_low = wasm_f32x4_demote_f64x2_zero(reinterpret_cast<v128_t>(sin));
            const v128_t cos_low = wasm_f32x4_demote_f64x2_zero(reinterpret_cast<v128_t>(cos));
            wasm_v128_store(out, wasm_i32x4_shuffle(sin_low, cos_low, 0, 4, 1, 5));
#else
            const f32x4 v = __builtin_shufflevector(__builtin_convertvector(sin, f32x2), __builtin_convertvector(cos, f32x2), 0, 2, 1, 3);
            std::memcpy(out, &v, sizeof v);
#endif
        }
    }

    /// Writes sinusoidal rows block by block, keeping the recurrence's state between blocks so a
    /// caller can fill a large table through a small (cache-sized) buffer without re-anchoring at
    /// every block. Layout and values as sinusoidal_into; check_sinusoidal first.
    class SinusoidalRows
    {
    public:
        explicit SinusoidalRows(const SinusoidalOptions& options) : d_(static_cast<std::size_t>(options.d_model)), layout_(options.layout)
        {
            rate_.resize((d_ + 1) / 2);
            for (std::size_t i = 0; i < rate_.size(); ++i)
                rate_[i] = std::pow(options.base, static_cast<double>(2 * i) / static_cast<double>(d_));
            prepare_steps();
        }

        /// Rows of sin(p theta_i), cos(p theta_i) for given frequencies (RoPE's, after any scaling),
        /// in `layout` with 2 theta.size() columns; the angle is p * theta_i, as RoPE writes it.
        SinusoidalRows(std::span<const double> frequencies, SinusoidalLayout layout)
            : d_(2 * frequencies.size()), layout_(layout), angle_is_product_(true), rate_(frequencies.begin(), frequencies.end())
        {
            prepare_steps();
        }

        /// Writes the rows of `positions` (the next ones after any earlier call) into out, row-major.
        template <typename T>
        void write(std::span<const double> positions, T* out)
        {
            for (std::size_t k = 0; k < positions.size();)
            {
                const double position = positions[k];
                if (has_previous_ && position == previous_)  // a repeated position (an image row's h): the same row again
                {
                    store(out);
                    out += d_;
                    ++k;
                    continue;
                }
                const bool follows = has_previous_ && position == previous_ + 1;
                if (follows && steps_since_anchor_ < detail::steps_per_anchor)
                {
                    // The run of consecutive positions the recurrence can take before its next anchor,
                    // at most a strip of about 64 KB: a run is written a column group at a time down
                    // its rows, whose addresses a row apart share L1 sets, so a longer strip evicts
                    // its own lines.
                    const auto strip = std::max<std::size_t>(1, detail::strip_bytes / (sizeof(T) * d_));
                    const auto room = std::min(strip, static_cast<std::size_t>(detail::steps_per_anchor - steps_since_anchor_));
                    std::size_t run = 1;
                    while (run < room && k + run < positions.size() && positions[k + run] == position + static_cast<double>(run)) ++run;
                    if (layout_ == SinusoidalLayout::interleaved) advance_run_interleaved(run, out);
                    else
                        for (std::size_t r = 0; r < run; ++r) advance_and_store(out + r * d_);
                    steps_since_anchor_ += static_cast<int>(run);
                    previous_ = positions[k + run - 1];
                    out += run * d_;
                    k += run;
                    continue;
                }
                if (follows) leap_anchor();  // a run reaching its next anchor: no libm
                else anchor(position);
                store(out);
                steps_since_anchor_ = 0;
                previous_ = position;
                has_previous_ = true;
                out += d_;
                ++k;
            }
        }

    private:
        /// p w_i: p / base^(2i/d) for the table (the paper's and numpy's rounding), p theta_i for RoPE.
        double angle(double position, std::size_t i) const { return angle_is_product_ ? position * rate_[i] : position / rate_[i]; }

        void prepare_steps()
        {
            for (auto* v : {&sin_, &cos_, &step_sin_, &step_cos_}) v->resize(rate_.size());
            for (std::size_t i = 0; i < rate_.size(); ++i)
            {
                step_sin_[i] = std::sin(angle(1.0, i));
                step_cos_[i] = std::cos(angle(1.0, i));
            }
        }

        void anchor(double position)
        {
            anchor_sin_.resize(sin_.size());
            anchor_cos_.resize(sin_.size());
            for (std::size_t i = 0; i < sin_.size(); ++i)
            {
                const double at = angle(position, i);  // rounded as the paper's formula (or RoPE's) writes it
                anchor_sin_[i] = sin_[i] = std::sin(at);
                anchor_cos_[i] = cos_[i] = std::cos(at);
            }
        }

        /// The anchor steps_per_anchor + 1 rows after the last one: that anchor rotated once by
        /// (steps_per_anchor + 1) w_i (exact angle addition, a few ulp per anchor) instead of libm's sin
        /// and cos of every pair, each far dearer than a rotation.
        void leap_anchor()
        {
            if (leap_sin_.empty())
            {
                leap_sin_.resize(sin_.size());
                leap_cos_.resize(sin_.size());
                for (std::size_t i = 0; i < sin_.size(); ++i)
                {
                    // An anchor row is followed by steps_per_anchor recurrence rows: the next anchor is one more on.
                    const double leap = angle(static_cast<double>(detail::steps_per_anchor + 1), i);
                    leap_sin_[i] = std::sin(leap);
                    leap_cos_[i] = std::cos(leap);
                }
            }
            for (std::size_t i = 0; i < sin_.size(); ++i)
            {
                detail::rotate(anchor_cos_[i], anchor_sin_[i], leap_cos_[i], leap_sin_[i]);
                cos_[i] = anchor_cos_[i];
                sin_[i] = anchor_sin_[i];
            }
        }

        template <typename T>
        void store(T* line) const
        {
            const std::size_t pairs = sin_.size();
            if (layout_ == SinusoidalLayout::interleaved)
            {
                for (std::size_t i = 0; i < pairs; ++i)
                {
                    line[2 * i] = static_cast<T>(sin_[i]);
                    if (2 * i + 1 < d_) line[2 * i + 1] = static_cast<T>(cos_[i]);
                }
            }
            else
            {
                for (std::size_t i = 0; i < pairs; ++i)
                {
                    line[i] = static_cast<T>(sin_[i]);
                    line[pairs + i] = static_cast<T>(cos_[i]);
                }
            }
        }

        /// The next `rows` rows of the interleaved layout, pairs outermost: eight pairs' (sin, cos)
        /// stay in registers while they are rotated row after row (four independent chains hide the
        /// multiply-add latency), so the state is loaded and stored once per run, not once per row.
        /// Same arithmetic, in the same order, as advance_and_store: the results are identical.
        template <typename T>
        void advance_run_interleaved(std::size_t rows, T* out)
        {
            using detail::f64x2;
            constexpr std::size_t lanes = 2, chains = 4, group = lanes * chains;
            const std::size_t pairs = d_ / 2, grouped = pairs - pairs % group;
            for (std::size_t i = 0; i < grouped; i += group)
            {
                f64x2 s[chains], c[chains], step_s[chains], step_c[chains];
                for (std::size_t g = 0; g < chains; ++g)
                {
                    s[g] = detail::load_f64x2(&sin_[i + lanes * g]);
                    c[g] = detail::load_f64x2(&cos_[i + lanes * g]);
                    step_s[g] = detail::load_f64x2(&step_sin_[i + lanes * g]);
                    step_c[g] = detail::load_f64x2(&step_cos_[i + lanes * g]);
                }
                T* line = out + 2 * i;
                for (std::size_t r = 0; r < rows; ++r, line += d_)
                    for (std::size_t g = 0; g < chains; ++g)
                    {
                        detail::rotate(c[g], s[g], step_c[g], step_s[g]);
                        detail::store_interleaved(line + 2 * lanes * g, s[g], c[g]);
                    }
                for (std::size_t g = 0; g < chains; ++g)
                {
                    detail::store_f64x2(&sin_[i + lanes * g], s[g]);
                    detail::store_f64x2(&cos_[i + lanes * g], c[g]);
                }
            }
            // The pairs left over (and an odd d's lone sin column), one at a time.
            for (std::size_t i = grouped; i < sin_.size(); ++i)
            {
                double si = sin_[i], ci = cos_[i];
                T* line = out;
                for (std::size_t r = 0; r < rows; ++r, line += d_)
                {
                    detail::rotate(ci, si, step_cos_[i], step_sin_[i]);
                    line[2 * i] = static_cast<T>(si);
                    if (2 * i + 1 < d_) line[2 * i + 1] = static_cast<T>(ci);
                }
                sin_[i] = si;
                cos_[i] = ci;
            }
        }

        /// p -> p + 1: rotate each (cos, sin) by w_i and store the row in the same pass, with
        /// restrict-qualified locals so the compiler vectorizes it (-msimd128: two pairs a lane).
        template <typename T>
        void advance_and_store(T* line)
        {
            const std::size_t pairs = d_ / 2;  // an odd d's lone sin column is done below
            double* __restrict s = sin_.data();
            double* __restrict c = cos_.data();
            const double* __restrict ss = step_sin_.data();
            const double* __restrict sc = step_cos_.data();
            T* __restrict o = line;
            // Each pair goes through locals, read once and stored once, as the vectorizer wants it.
            if (layout_ == SinusoidalLayout::interleaved)
                for (std::size_t i = 0; i < pairs; ++i)
                {
                    double cos_i = c[i], sin_i = s[i];
                    detail::rotate(cos_i, sin_i, sc[i], ss[i]);
                    c[i] = cos_i;
                    s[i] = sin_i;
                    o[2 * i] = static_cast<T>(sin_i);
                    o[2 * i + 1] = static_cast<T>(cos_i);
                }
            else
                for (std::size_t i = 0; i < pairs; ++i)
                {
                    double cos_i = c[i], sin_i = s[i];
                    detail::rotate(cos_i, sin_i, sc[i], ss[i]);
                    c[i] = cos_i;
                    s[i] = sin_i;
                    o[i] = static_cast<T>(sin_i);
                    o[pairs + i] = static_cast<T>(cos_i);
                }
            if (d_ % 2 != 0)  // odd d (interleaved only): the last pair keeps its cos, out of the row
            {
                const std::size_t i = pairs;
                detail::rotate(c[i], s[i], sc[i], ss[i]);
                o[2 * i] = static_cast<T>(s[i]);
            }
        }

        std::size_t d_;
        SinusoidalLayout layout_;
        bool angle_is_product_ = false;
        std::vector<double> rate_;  // base^(2i/d) (the angle divides by it), or theta_i (multiplies)
        std::vector<double> sin_, cos_, step_sin_, step_cos_;
        std::vector<double> anchor_sin_, anchor_cos_, leap_sin_, leap_cos_;  // the last anchor; rotation to the next
        double previous_ = 0;
        bool has_previous_ = false;
        int steps_since_anchor_ = 0;
    };

    /// Writes the encoding of every position into `out` (positions.size() x d_model, row-major),
    /// computed in double and stored as T (double, or float rounded once for the views).
    /// interleaved: out(p, 2i) = sin(p w_i), out(p, 2i+1) = cos(p w_i); an odd d ends on a sin column.
    /// concat:      out(p, i) = sin(p w_i), out(p, d/2 + i) = cos(p w_i), with the same w_i.
    /// Runs of consecutive positions use the exact angle-addition recurrence, re-anchored every
    /// detail::steps_per_anchor rows by a rotation of the previous anchor; everything else is
    /// evaluated directly.
    template <typename T>
    void sinusoidal_into(std::span<const double> positions, const SinusoidalOptions& options, T* out)
    {
        throw_if(check_sinusoidal(positions, options));
        SinusoidalRows(options).write(positions, out);
    }

    /// The encoding as a (positions.size(), d_model) table of doubles; see sinusoidal_into.
    /// Throws std::invalid_argument for what check_sinusoidal rejects.
    inline xt::xtensor<double, 2> sinusoidal(std::span<const double> positions, const SinusoidalOptions& options)
    {
        throw_if(check_sinusoidal(positions, options));
        xt::xtensor<double, 2> table({positions.size(), static_cast<std::size_t>(options.d_model)});
        sinusoidal_into(positions, options, table.data());
        return table;
    }

    /// PE(p) . PE(p + delta) in closed form: sum over pairs of cos(delta w_i) (plus, for an odd d,
    /// the lone last sin column's product, which is not a function of delta alone).
    inline double sinusoidal_offset_dot(double delta, std::int64_t d_model, double base)
    {
        double sum = 0;
        const auto frequencies = sinusoidal_frequencies(d_model, base);
        for (std::size_t i = 0; i < frequencies.size() - (d_model % 2); ++i) sum += std::cos(delta * frequencies[i]);
        return sum;
    }
}
