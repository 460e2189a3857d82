#pragma once
// The experiment: train the toy model (model.hpp) on a task (tasks.hpp) at length L, then ask it
// at every position up to E > L and score accuracy and confidence per bucket of positions.
// Training is steppable, so a Web Worker can report progress between batches and cancel.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "adam.hpp"
#include "model_passes.hpp"
#include "tasks.hpp"

namespace posenc
{
    struct TrainerOptions
    {
        ModelConfig model;  // model.vocabulary must hold the task's tokens
        TaskOptions task;
        std::uint64_t seed = 1;                 // initialisation and the training data
        std::int64_t batch_size = 8;            // sequences per step, each of length L
        std::int64_t queries_per_sequence = 0;  // rows with a loss per sequence; 0: every answerable row
        // Sequence-length warmup: the first warmup_steps grow sequences from warmup_length to L
        // as (step / warmup_steps)^2, so most warmup steps are short (positions always from 0). At L = 2,048 attention starts spread over
        // ~1,000 keys and the signal for an exact offset is too diluted to learn in minutes;
        // short sequences first find it, longer ones then teach ignoring far keys. 0: off.
        std::int64_t warmup_steps = 0;
        std::int64_t warmup_length = 0;
        // Short windows first: the first window_steps steps train on window_batch sequences of
        // window_length tokens with every row asked, each at a random start, so its positions are
        // start .. start + window_length - 1 inside 0 .. L-1 (the length warmup, if any, follows).
        // A learned table has one parameter row per position; full-length batches ask only
        // queries_per_sequence of its L rows, and at L = 2,048 most rows wait too long for a query
        // to learn an exact offset at all. Windows placed anywhere reach every row cheaply. 0: off.
        std::int64_t window_steps = 0;
        std::int64_t window_length = 0;
        std::int64_t window_batch = 0;
        AdamOptions adam;
    };

    /// The most keys the asked rows of a training sequence of n tokens see in all: every row's
    /// r + 1 when all are asked (queries 0 or at least n), else `queries` rows of at most n keys.
    inline std::uint64_t sampled_keys(std::uint64_t n, std::uint64_t queries)
    {
        return queries == 0 || queries >= n ? n * (n + 1) / 2 : queries * n;
    }

    /// Problem unless the window phase's sizes fit: unused without window steps, but in range.
    inline Problem check_window_phase(const TrainerOptions& options)
    {
        if (auto problem = check_integer("windowSteps", static_cast<double>(options.window_steps), 0, limits::max_warmup_steps))
            return problem;
        const bool used = options.window_steps > 0;
        if (auto problem = check_integer("windowLength", static_cast<double>(options.window_length),
                                         used ? first_answerable(options.task) + 1 : 0, options.model.trained_length))
            return problem;
        if (auto problem = check_integer("windowBatch", static_cast<double>(options.window_batch), used ? 1 : 0, limits::max_batch_size))
            return problem;
        const auto length = static_cast<std::uint64_t>(options.window_length);
        const auto cells = attention_cells(options.model, sampled_keys(length, 0), length);
        if (cells > limits::max_model_attention_cells)
            return range_problem("windowLength",
                                 "small enough that a window, every row asked, keeps at most "
                                     + std::to_string(limits::max_model_attention_cells) + " attention weights",
                                 std::to_string(options.window_length) + " (" + std::to_string(cells) + " weights)");
        return std::nullopt;
    }

    inline Problem check_trainer_options(const TrainerOptions& options)
    {
        if (auto problem = check_model_config(options.model)) return problem;
        if (auto problem = check_task(options.task)) return problem;
        if (options.model.vocabulary < task_vocabulary(options.task))
            return range_problem("vocabulary", "at least symbols + passkeys = " + std::to_string(task_vocabulary(options.task)),
                                 std::to_string(options.model.vocabulary));
        if (options.model.trained_length <= first_answerable(options.task))
            return range_problem("trainedLength", "greater than offset (no position would have an answer)",
                                 std::to_string(options.model.trained_length));
        if (auto problem = check_integer("batchSize", static_cast<double>(options.batch_size), 1, limits::max_batch_size)) return problem;
        if (auto problem =
                check_integer("queriesPerSequence", static_cast<double>(options.queries_per_sequence), 0, options.model.trained_length))
            return problem;
        const auto trained = static_cast<std::uint64_t>(options.model.trained_length);
        const auto cells =
            attention_cells(options.model, sampled_keys(trained, static_cast<std::uint64_t>(options.queries_per_sequence)), trained);
        if (cells > limits::max_model_attention_cells)
            return range_problem("trainedLength",
                                 "small enough that one sequence keeps at most " + std::to_string(limits::max_model_attention_cells)
                                     + " attention weights (fewer layers, heads or queriesPerSequence help)",
                                 std::to_string(options.model.trained_length) + " (" + std::to_string(cells) + " weights)");
        if (auto problem = check_integer("warmupSteps", static_cast<double>(options.warmup_steps), 0, limits::max_warmup_steps))
            return problem;
        // Without warmup the length is unused, but still one a warmup could start from.
        const std::int64_t shortest = options.warmup_steps > 0 ? first_answerable(options.task) + 1 : 0;
        if (auto problem =
                check_integer("warmupLength", static_cast<double>(options.warmup_length), shortest, options.model.trained_length))
            return problem;
        if (auto problem = check_window_phase(options)) return problem;
        if (!(std::isfinite(options.adam.learning_rate) && options.adam.learning_rate > 0 && options.adam.learning_rate <= 1))
            return range_problem("learningRate", "a number in (0, 1]", format_number(options.adam.learning_rate));
        return std::nullopt;
    }

    struct EvaluationOptions
    {
        std::int64_t length = 256;  // E: positions 0 .. E-1 are asked
        std::int64_t bucket_width = 8;
        std::int64_t sequences = 8;
        std::int64_t first_sequence = 0;      // sequences first .. first+sequences-1 of the seed's stream
        std::int64_t queries_per_bucket = 0;  // per sequence and bucket; 0: every row
        Overflow overflow = Overflow::clamp;  // learned: what the table hands over past L
        std::uint64_t seed = 7;               // evaluation sequences, independent of training
    };

    struct Score
    {
        std::int64_t count = 0;  // predictions scored
        double accuracy = 0;     // fraction whose most probable token is the answer
        double confidence = 0;   // mean probability of the predicted token
    };

    struct BucketScore
    {
        std::int64_t start = 0, end = 0;  // positions start .. end-1
        bool available = true;            // false: the scheme cannot run there ('error' policy)
        Score score;
    };

    struct Evaluation
    {
        std::vector<BucketScore> buckets;
        Score in_distribution;    // positions < L on sequences of length L
        Score beyond;             // positions >= L on sequences of length E
        std::string unavailable;  // why some buckets have no score, else empty
    };

    /// Problem unless `options` can evaluate a model of `model`'s shape.
    inline Problem check_evaluation(const ModelConfig& model, const EvaluationOptions& options)
    {
        const std::int64_t trained = model.trained_length;
        if (auto problem = check_integer("length", static_cast<double>(options.length), trained, limits::max_model_length)) return problem;
        if (auto problem = check_integer("bucketWidth", static_cast<double>(options.bucket_width), 1, options.length)) return problem;
        if (auto problem = check_integer("sequences", static_cast<double>(options.sequences), 1, limits::max_eval_sequences))
            return problem;
        if (auto problem = check_integer("firstSequence", static_cast<double>(options.first_sequence), 0, limits::max_first_sequence))
            return problem;
        if (auto problem = check_integer("queriesPerBucket", static_cast<double>(options.queries_per_bucket), 0, options.bucket_width))
            return problem;
        // Earlier layers attend over every row of the sequence at once; the last asks one row at the least.
        const auto n = static_cast<std::uint64_t>(options.length);
        if (attention_cells(model, n, n) > limits::max_model_attention_cells)
            return range_problem("length",
                                 "short enough for " + std::to_string(model.n_layers) + " layers (at most "
                                     + std::to_string(limits::max_model_attention_cells) + " attention weights per pass)",
                                 std::to_string(options.length));
        return std::nullopt;
    }

    /// Problem unless `task` asks rows a bucket evaluation can score: a passkey sequence asks its
    /// last row only, so its score is per depth and length (passkey_grid.hpp), not per bucket.
    inline Problem check_bucket_task(const TaskOptions& task)
    {
        if (task.task != Task::passkey) return std::nullopt;
        return range_problem("task", "a task asked at every position (score 'passkey' with a passkey grid)", "'passkey'");
    }

    namespace detail
    {
        inline std::vector<double> positions_from(std::size_t first, std::size_t count)
        {
            std::vector<double> positions(count);
            for (std::size_t i = 0; i < count; ++i) positions[i] = static_cast<double>(first + i);
            return positions;
        }

        /// Adds each prediction at `rows` of `tokens` (positions 0..n-1) to `per_row` scores.
        struct Tally
        {
            std::vector<double> correct, confidence;
            std::vector<std::int64_t> count;
            void add(std::size_t row, bool right, double probability)
            {
                correct[row] += right ? 1.0 : 0.0;
                confidence[row] += probability;
                ++count[row];
            }
        };

        inline void score_rows(const Model& model, std::span<const std::int32_t> tokens, std::span<const double> positions,
                               std::span<const std::size_t> rows, std::span<const std::size_t> tally_rows,
                               std::span<const std::int32_t> targets, Overflow overflow, double sequence_length, Tally& tally)
        {
            const auto vocabulary = static_cast<std::size_t>(model.config.vocabulary);
            // Chunks of asked rows keep the stored attention weights, earlier layers' included, under the
            // limit (check_evaluation made sure one row fits). Which rows share a pass changes no result.
            std::size_t first = 0;
            while (first < rows.size())
            {
                std::size_t last = first;
                std::uint64_t asked_keys = 0;
                while (
                    last < rows.size()
                    && (last == first
                        || attention_cells(model.config, asked_keys + rows[last] + 1, rows[last] + 1) <= limits::max_model_attention_cells))
                    asked_keys += rows[last++] + 1;
                const ModelInput input{tokens, positions, rows.subspan(first, last - first), overflow, sequence_length};
                const auto pass = model_forward(model, input);
                for (std::size_t i = first; i < last; ++i)
                {
                    const double* p = &pass.probabilities[(i - first) * vocabulary];
                    const auto best = static_cast<std::size_t>(std::max_element(p, p + vocabulary) - p);
                    tally.add(tally_rows[i], best == static_cast<std::size_t>(targets[i]), p[best]);
                }
                first = last;
            }
        }

        /// A window's first position in a table of `trained` rows: uniform over -(w-1) .. L-1, clamped
        /// to 0 .. L-w. Row 0 and row L-1 are then inside a window as often as any middle row (the rows
        /// within w of an end up to twice as often); a start uniform over 0 .. L-w would reach row 0
        /// w times less often than the middle.
        inline std::size_t window_start(std::size_t trained, std::size_t length, Random& random)
        {
            const auto drawn = static_cast<std::int64_t>(random.below(trained + length - 1)) - static_cast<std::int64_t>(length - 1);
            return static_cast<std::size_t>(std::clamp<std::int64_t>(drawn, 0, static_cast<std::int64_t>(trained - length)));
        }

        /// Sums of correct answers and probabilities into means; NaN when nothing was scored.
        inline Score finish(Score score)
        {
            if (score.count == 0) return {0, std::nan(""), std::nan("")};
            const auto n = static_cast<double>(score.count);
            return {score.count, score.accuracy / n, score.confidence / n};
        }

        inline BucketScore finish(BucketScore bucket)
        {
            bucket.score = bucket.available ? finish(bucket.score) : Score{0, std::nan(""), std::nan("")};
            return bucket;
        }
    }

    /// Scores `model` on `task` per bucket of positions on `sequences` fresh sequences of length E.
    /// Learned table past L: 'error' leaves those buckets unavailable and says why; 'window'
    /// answers row t from the last L tokens only (t-L+1 .. t, re-indexed 0 .. L-1);
    /// 'interpolate' squeezes all E positions onto the table (so rows below L move too).
    inline Evaluation evaluate_model(const Model& model, const TaskOptions& task, const EvaluationOptions& options)
    {
        throw_if(check_evaluation(model.config, options));
        throw_if(check_bucket_task(task));
        const auto length = static_cast<std::size_t>(options.length);
        const auto trained = static_cast<std::size_t>(model.config.trained_length);
        const auto width = static_cast<std::size_t>(options.bucket_width);
        const std::size_t first_row = static_cast<std::size_t>(first_answerable(task));
        const bool learned = model.config.scheme == Scheme::learned;
        const bool no_row = learned && options.overflow == Overflow::error && length > trained;
        const bool window = learned && options.overflow == Overflow::window;

        detail::Tally tally{std::vector<double>(length), std::vector<double>(length), std::vector<std::int64_t>(length)};
        detail::Tally inside{std::vector<double>(trained), std::vector<double>(trained), std::vector<std::int64_t>(trained)};
        const auto positions = detail::positions_from(0, length);
        const auto window_positions = detail::positions_from(0, trained);
        for (std::int64_t s = options.first_sequence; s < options.first_sequence + options.sequences; ++s)
        {
            // Each sequence has its own stream, so an evaluation split into parts (a worker
            // keeping every call short) scores exactly what one call would.
            Random random(options.seed ^ (0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(s + 1)));
            const auto example = make_example(task, length, 1, random);
            std::vector<std::size_t> rows;
            for (std::size_t start = 0; start < length; start += width)
            {
                const auto picked = sample_rows(std::max(start, first_row), std::min(start + width, length),
                                                static_cast<std::size_t>(options.queries_per_bucket), random);
                rows.insert(rows.end(), picked.begin(), picked.end());
            }
            const auto targets = answers(task, example.tokens, rows);
            const auto split = static_cast<std::size_t>(std::lower_bound(rows.begin(), rows.end(), trained) - rows.begin());
            const std::span<const std::size_t> below(rows.data(), split), above(rows.data() + split, rows.size() - split);
            const std::span<const std::int32_t> all_tokens(example.tokens);
            const std::span<const std::int32_t> below_targets(targets.data(), split), above_targets(targets.data() + split, above.size());
            // In distribution: the first L tokens alone, as in training.
            if (!below.empty())
                detail::score_rows(model, all_tokens.first(trained), window_positions, below, below, below_targets, Overflow::error, 0,
                                   inside);
            if (no_row)
            {
                if (!below.empty())
                    detail::score_rows(model, all_tokens.first(trained), window_positions, below, below, below_targets, Overflow::error, 0,
                                       tally);
                continue;
            }
            if (window)
            {
                if (!below.empty())
                    detail::score_rows(model, all_tokens.first(trained), window_positions, below, below, below_targets, Overflow::error, 0,
                                       tally);
                for (std::size_t i = 0; i < above.size(); ++i)
                {
                    const std::size_t last_row = trained - 1;
                    detail::score_rows(model, all_tokens.subspan(above[i] + 1 - trained, trained), window_positions,
                                       std::span<const std::size_t>(&last_row, 1), above.subspan(i, 1), above_targets.subspan(i, 1),
                                       Overflow::error, 0, tally);
                }
                continue;
            }
            detail::score_rows(model, all_tokens, positions, rows, rows, targets, options.overflow, static_cast<double>(length), tally);
        }

        Evaluation result;
        Score beyond_total;
        for (std::size_t start = 0; start < length; start += width)
        {
            BucketScore bucket{static_cast<std::int64_t>(start), static_cast<std::int64_t>(std::min(start + width, length)), true, {}};
            for (auto r = start; r < static_cast<std::size_t>(bucket.end); ++r)
            {
                bucket.score.count += tally.count[r];
                bucket.score.accuracy += tally.correct[r];
                bucket.score.confidence += tally.confidence[r];
            }
            bucket.available = !(no_row && static_cast<std::size_t>(bucket.end) > trained);
            if (start >= trained && bucket.available)
            {
                beyond_total.count += bucket.score.count;
                beyond_total.accuracy += bucket.score.accuracy;
                beyond_total.confidence += bucket.score.confidence;
            }
            result.buckets.push_back(detail::finish(bucket));
        }
        for (std::size_t r = 0; r < trained; ++r)
        {
            result.in_distribution.count += inside.count[r];
            result.in_distribution.accuracy += inside.correct[r];
            result.in_distribution.confidence += inside.confidence[r];
        }
        result.in_distribution = detail::finish(result.in_distribution);
        result.beyond = detail::finish(beyond_total);
        if (no_row)
        {
            const std::vector<double> past{static_cast<double>(trained)};
            result.unavailable = check_learned_lookup(past, model.config.trained_length, Overflow::error)->message();
        }
        return result;
    }

    /// A model being trained on one task; step() advances it, evaluate() scores it.
    class Trainer
    {
    public:
        explicit Trainer(const TrainerOptions& options)
            : options_((throw_if(check_trainer_options(options)), options)), model_(make_model(options.model, options.seed)),
              adam_(model_.parameters.size(), options.adam), data_(options.seed ^ 0xda7a5eedull), gradient_(model_.parameters.size())
        {
        }

        /// A trainer that starts from `parameters` (a trained model's, e.g. to fine-tune it with a
        /// RoPE scaling at a longer length) instead of a fresh initialisation; Adam starts afresh.
        Trainer(const TrainerOptions& options, std::span<const double> parameters)
            : options_((throw_if(check_trainer_options(options)), options)), model_(model_with_parameters(options.model, parameters)),
              adam_(model_.parameters.size(), options.adam), data_(options.seed ^ 0xda7a5eedull), gradient_(model_.parameters.size())
        {
        }

        /// Sequence length at the current step: L, or less during warmup (which starts after the
        /// window phase); window_length during the window phase.
        std::size_t training_length() const
        {
            if (in_window_phase()) return static_cast<std::size_t>(options_.window_length);
            const std::int64_t trained = options_.model.trained_length;
            const std::int64_t step = steps() - options_.window_steps;
            if (step >= options_.warmup_steps) return static_cast<std::size_t>(trained);
            const double progress = static_cast<double>(step) / static_cast<double>(options_.warmup_steps);
            return static_cast<std::size_t>(options_.warmup_length
                                            + std::llround(static_cast<double>(trained - options_.warmup_length) * progress * progress));
        }

        /// Whether the current step trains on short windows (the first window_steps).
        bool in_window_phase() const { return steps() < options_.window_steps; }

        /// One Adam step on batch_size fresh sequences of length L (shorter during warmup), or on
        /// window_batch windows in the window phase; returns the mean loss.
        /// Never inlined: V8 runs a wasm function in its baseline tier until it is called again,
        /// so a loop of steps inlined into one call (the binding's trainerStep) would train at
        /// baseline speed for the whole call; as its own function it is optimized after a few steps.
        [[gnu::noinline]] double step()
        {
            std::fill(gradient_.begin(), gradient_.end(), 0.0);
            const bool windows = in_window_phase();
            const std::size_t length = training_length();
            const std::int64_t batch = windows ? options_.window_batch : options_.batch_size;
            const auto queries = windows ? std::size_t{0} : static_cast<std::size_t>(options_.queries_per_sequence);
            double loss = 0;
            const double weight = 1.0 / static_cast<double>(batch);
            for (std::int64_t b = 0; b < batch; ++b)
            {
                const auto start =
                    windows ? detail::window_start(static_cast<std::size_t>(options_.model.trained_length), length, data_) : 0;
                const auto positions = detail::positions_from(start, length);
                const auto example = make_example(options_.task, length, queries, data_);
                const ModelInput input{example.tokens, positions, example.rows, Overflow::error, 0};
                const auto pass = model_forward(model_, input);
                loss += weight * model_loss(model_, pass, example.targets);
                model_backward(model_, input, pass, example.targets, weight, gradient_);
            }
            adam_.update(model_.parameters, gradient_);
            return loss;
        }

        std::int64_t steps() const { return adam_.steps(); }
        const Model& model() const { return model_; }
        const TrainerOptions& options() const { return options_; }

        /// Scores the model on `options` (evaluate_model).
        Evaluation evaluate(const EvaluationOptions& options) const { return evaluate_model(model_, options_.task, options); }

    private:
        TrainerOptions options_;
        Model model_;
        Adam adam_;
        Random data_;
        std::vector<double> gradient_;
    };
}
