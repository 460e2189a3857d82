#pragma once
// Every bound on what a caller may ask for, in one place. Entry points check them before they
// allocate: a request past one is an argument error, never an out-of-memory abort (wasm32 has
// 1 GB at most and a 32-bit size_t). The core's check_* functions own the checks.
#include <cstddef>
#include <cstdint>

namespace posenc::limits
{
    // Encodings and biases.
    inline constexpr std::int64_t max_position = 65536;  // largest position of a table
    /// Largest position of what needs no table: frequencies, angles, per-pair verdicts, ALiBi reach,
    /// T5 buckets, rotating given vectors, the toy attention row (Llama 4 Scout's 10M context fits).
    inline constexpr std::int64_t max_analysis_position = std::int64_t{1} << 24;
    /// Largest trained length L an analysis, a RoPE scaling or the attention row is told: a number
    /// only, never a table of L rows, so real configs fit (Llama 3.1's 131,072, DeepSeek-V3's 163,840,
    /// 1M-context models). A trainable toy model's own length is max_model_length.
    inline constexpr std::int64_t max_trained_length = max_analysis_position;
    inline constexpr std::int64_t max_d_model = 4096;  // widest encoding
    /// Trained positions x frequency pairs the sinusoidal nearest-row search walks (a second or so in
    /// wasm): L = 1,048,576 at dModel 2,048.
    inline constexpr std::uint64_t max_nearest_search_work = std::uint64_t{1} << 30;
    inline constexpr std::uint64_t max_cells = std::uint64_t{1} << 25;  // rows x cols of a result
    inline constexpr std::int64_t max_heads = 1024;                     // ALiBi heads
    inline constexpr double max_rope_factor = 1024;                     // RoPE's scaling factor s
    inline constexpr std::int64_t max_t5_buckets = 1024;
    inline constexpr std::int64_t max_t5_distance = std::int64_t{1} << 20;        // maxDistance
    inline constexpr std::int64_t max_relative_position = std::int64_t{1} << 30;  // |key - query| bucketed at once

    // The toy attention head: one multiply-add per key and dimension, so keys x d bounds the work.
    inline constexpr std::int64_t max_attention_d_model = 256;
    inline constexpr std::uint64_t max_attention_work = std::uint64_t{1} << 28;
    inline constexpr std::int64_t attention_vocabulary = 64;
    inline constexpr std::size_t t5_toy_buckets = 32;
    /// Doubles of token and learned rows kept between calls; a larger request is served and dropped.
    inline constexpr std::size_t toy_head_kept_doubles = std::size_t{1} << 20;

    // The trainable model.
    inline constexpr std::int64_t max_model_d_model = 128;
    inline constexpr std::int64_t max_model_heads = 8;
    inline constexpr std::int64_t max_model_layers = 2;
    inline constexpr std::int64_t max_model_mlp = 512;
    inline constexpr std::int64_t max_model_vocabulary = 256;
    inline constexpr std::int64_t max_model_length = 16384;  // tokens in one training or evaluation sequence
    /// Tokens in one pass: a trained model asked at any position p reads p + 1 (its activations,
    /// keys x dModel doubles each, stay far below max_cells).
    inline constexpr std::int64_t max_model_tokens = max_position + 1;
    /// Attention weights one pass keeps for the backward pass (8 bytes each: 32 MB).
    inline constexpr std::uint64_t max_model_attention_cells = std::uint64_t{1} << 22;

    // Its tasks.
    inline constexpr std::int64_t max_task_offset = 64;
    inline constexpr std::int64_t max_task_symbols = 128;
    inline constexpr std::int64_t max_task_passkeys = 128;
    inline constexpr std::int64_t max_task_marker_spacing = 1024;

    // Its training and evaluation.
    inline constexpr std::int64_t max_batch_size = 256;
    inline constexpr std::int64_t max_warmup_steps = std::int64_t{1} << 30;
    inline constexpr std::int64_t max_eval_sequences = 256;
    inline constexpr std::int64_t max_first_sequence = std::int64_t{1} << 30;
    inline constexpr std::int64_t max_steps_per_call = 10000;  // one call stays short enough to cancel
    inline constexpr std::size_t max_live_trainers = 32;       // a leaking page fails loudly, not by OOM
    inline constexpr std::int64_t max_trainer_id = std::int64_t{1} << 30;

    // The passkey grid (passkey_grid.hpp): depths x lengths cells, each scored on its own sequences.
    inline constexpr std::int64_t max_grid_depths = 64;
    inline constexpr std::int64_t max_grid_lengths = 32;

    /// Integers cross to JS and back as numbers, which hold each one exactly up to 2^53 (a seed may
    /// be any of 0 .. 2^53).
    inline constexpr std::int64_t max_exact_integer = std::int64_t{1} << 53;
}
