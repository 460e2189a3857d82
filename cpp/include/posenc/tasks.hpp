#pragma once
// The synthetic tasks the toy model is trained on, generated on the fly from a seeded generator
// (so native and wasm see the same sequences). Five tasks, chosen to pull position schemes apart:
//   copy_back:    at position t >= k, output the token at t - k. Local: it needs an exact offset.
//   recall_first: position 0 holds a passkey (a token from its own range); at every later
//                 position, output it. Far: the needed token is t positions back, by content.
//   last_marker:  marker tokens (the passkeys' range) appear about every `marker_spacing`
//                 positions, always at 0; at every position, output the latest marker so far.
//                 Recent: the nearest of several keys that look alike, which a bias that falls
//                 with distance (ALiBi) expresses, where it cannot single out an exact offset.
//   passkey:      ordinary tokens everywhere except one passkey at a chosen depth of the sequence
//                 (0: first token, 1: the token before the last); only the last row is asked, and
//                 its answer is the passkey. Needle in a haystack: found by content, at any depth.
//   marked_value: one marker token sits in the first `offset` positions and the token after it is
//                 the value; every row from offset + 1 on outputs the value. Two hops: a row must
//                 learn that its predecessor is the marker (an exact offset of 1), then later rows
//                 find that row by what it learned (content, at any distance).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "arguments.hpp"
#include "names.hpp"
#include "random.hpp"

namespace posenc
{
    enum class Task
    {
        copy_back,
        recall_first,
        last_marker,
        passkey,
        marked_value
    };

    inline constexpr auto task_names = std::to_array<Named<Task>>({
        {"copyBack", Task::copy_back, "Copy back"},
        {"recallFirst", Task::recall_first, "Recall the first token"},
        {"lastMarker", Task::last_marker, "Latest marker"},
        {"passkey", Task::passkey, "Passkey at a depth"},
        {"markedValue", Task::marked_value, "Value after the marker"},
    });
    constexpr const auto& names_of(Task) { return task_names; }

    struct TaskOptions
    {
        Task task = Task::copy_back;
        std::int64_t offset = 3;           // copy_back: k, how far back the answer sits; marked_value: the marker is in 0 .. k-1
        std::int64_t symbols = 16;         // ordinary tokens 0 .. symbols-1
        std::int64_t passkeys = 8;         // recall_first's passkeys, last_marker's markers: symbols .. symbols+passkeys-1
        std::int64_t marker_spacing = 64;  // last_marker: each position after 0 is a marker with probability 1/spacing
        // passkey: the key's depth in 0 .. 1 (passkey_position); none: a position drawn uniformly
        // from 0 .. n-2 per sequence, as in training.
        std::optional<double> depth{};
    };

    /// Tokens a model needs for the task: symbols + passkeys (the same for both tasks, so one
    /// model shape serves both).
    inline std::int64_t task_vocabulary(const TaskOptions& options) { return options.symbols + options.passkeys; }

    inline Problem check_task(const TaskOptions& options)
    {
        if (auto problem = check_integer("offset", static_cast<double>(options.offset), 1, limits::max_task_offset)) return problem;
        if (auto problem = check_integer("symbols", static_cast<double>(options.symbols), 2, limits::max_task_symbols)) return problem;
        if (auto problem = check_integer("passkeys", static_cast<double>(options.passkeys), 2, limits::max_task_passkeys)) return problem;
        if (options.depth && !(*options.depth >= 0 && *options.depth <= 1))
            return range_problem("depth", "a number from 0 to 1", format_number(*options.depth));
        return check_integer("markerSpacing", static_cast<double>(options.marker_spacing), 1, limits::max_task_marker_spacing);
    }

    /// First position with an answer: k for copy_back, 1 for recall_first and passkey (whose one
    /// asked row is the last, so a sequence needs 2 tokens), 0 for last_marker, k + 1 for marked_value.
    inline std::int64_t first_answerable(const TaskOptions& options)
    {
        switch (options.task)
        {
        case Task::copy_back: return options.offset;
        case Task::recall_first: return 1;
        case Task::last_marker: return 0;
        case Task::passkey: return 1;
        case Task::marked_value: return options.offset + 1;
        }
        return 0;
    }

    /// Where a passkey at `depth` (0 .. 1) sits in a sequence of `length` >= 2 tokens whose last
    /// row asks for it: round(depth (length - 2)), so depth 0 is the first token and depth 1 the
    /// one just before the question.
    inline std::size_t passkey_position(double depth, std::size_t length)
    {
        return static_cast<std::size_t>(std::llround(depth * static_cast<double>(length - 2)));
    }

    /// One sequence: tokens, the query rows (ascending) and the answer at each query row.
    struct Example
    {
        std::vector<std::int32_t> tokens;
        std::vector<std::size_t> rows;
        std::vector<std::int32_t> targets;
    };

    /// `count` distinct rows drawn uniformly from [first, last), ascending; every row when
    /// count is 0 or covers the range.
    inline std::vector<std::size_t> sample_rows(std::size_t first, std::size_t last, std::size_t count, Random& random)
    {
        std::vector<std::size_t> rows;
        if (last <= first) return rows;
        const std::size_t span = last - first;
        if (count == 0 || count >= span)
        {
            for (std::size_t r = first; r < last; ++r) rows.push_back(r);
            return rows;
        }
        // Floyd's algorithm: count draws, no rejection loop, deterministic for the generator.
        for (std::size_t j = span - count; j < span; ++j)
        {
            const auto t = static_cast<std::size_t>(random.below(j + 1));
            const std::size_t pick = std::find(rows.begin(), rows.end(), first + t) == rows.end() ? first + t : first + j;
            rows.push_back(pick);
        }
        std::sort(rows.begin(), rows.end());
        return rows;
    }

    /// Where the answer to row `row` of `tokens` sits: row - k (copy_back), 0 (recall_first), the
    /// latest marker at or before the row (last_marker: position 0 always holds one; passkey: the
    /// one passkey, before the asked row), the token after the marker (marked_value).
    inline std::size_t answer_position(const TaskOptions& options, std::span<const std::int32_t> tokens, std::size_t row)
    {
        switch (options.task)
        {
        case Task::copy_back: return row - static_cast<std::size_t>(options.offset);
        case Task::recall_first: return 0;
        case Task::last_marker:
        case Task::passkey:
            while (row > 0 && tokens[row] < options.symbols) --row;
            return row;
        case Task::marked_value:
        {
            std::size_t marker = 0;
            while (marker + 1 < row && tokens[marker] < options.symbols) ++marker;
            return marker + 1;
        }
        }
        return row;
    }

    /// The answer at each row of `rows` for `tokens`.
    inline std::vector<std::int32_t> answers(const TaskOptions& options, const std::vector<std::int32_t>& tokens,
                                             const std::vector<std::size_t>& rows)
    {
        std::vector<std::int32_t> targets(rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i) targets[i] = tokens[answer_position(options, tokens, rows[i])];
        return targets;
    }

    /// The task's random tokens for a sequence of `length`. Each position's draws follow the
    /// previous position's, so a longer length extends the same sequence (except recall_first,
    /// passkey and marked_value, whose key or marker is drawn after the symbols). A passkey
    /// sequence needs 2 tokens, a marked_value one offset + 1.
    inline std::vector<std::int32_t> make_tokens(const TaskOptions& options, std::size_t length, Random& random)
    {
        throw_if(check_task(options));
        std::vector<std::int32_t> tokens(length);
        const auto symbol = [&] { return static_cast<std::int32_t>(random.below(static_cast<std::uint64_t>(options.symbols))); };
        const auto passkey = [&] {
            return static_cast<std::int32_t>(options.symbols
                                             + static_cast<std::int64_t>(random.below(static_cast<std::uint64_t>(options.passkeys))));
        };
        if (options.task == Task::last_marker)
        {
            const auto spacing = static_cast<std::uint64_t>(options.marker_spacing);
            for (std::size_t t = 0; t < length; ++t) tokens[t] = t == 0 || random.below(spacing) == 0 ? passkey() : symbol();
            return tokens;
        }
        for (auto& token : tokens) token = symbol();
        if (options.task == Task::recall_first && length > 0) tokens[0] = passkey();
        if (options.task == Task::passkey)
        {
            throw_if(check_integer("length", static_cast<double>(length), 2, limits::max_model_tokens));
            const std::size_t at =
                options.depth ? passkey_position(*options.depth, length) : static_cast<std::size_t>(random.below(length - 1));
            tokens[at] = passkey();
        }
        if (options.task == Task::marked_value)
        {
            throw_if(check_integer("length", static_cast<double>(length), options.offset + 1, limits::max_model_tokens));
            tokens[random.below(static_cast<std::uint64_t>(options.offset))] = static_cast<std::int32_t>(options.symbols);
        }
        return tokens;
    }

    /// Random tokens of `length` for the task; rows are `queries` answerable rows (all when 0), or
    /// for passkey the last row alone (the question comes at the end).
    inline Example make_example(const TaskOptions& options, std::size_t length, std::size_t queries, Random& random)
    {
        Example example;
        example.tokens = make_tokens(options, length, random);
        example.rows = options.task == Task::passkey
                           ? std::vector<std::size_t>{length - 1}
                           : sample_rows(static_cast<std::size_t>(first_answerable(options)), length, queries, random);
        example.targets = answers(options, example.tokens, example.rows);
        return example;
    }
}
