#pragma once
// Readers for option groups several adapters share. They read types only; the adapter hands what
// they read to the core's checks.
#include <vector>

#include "js_values.hpp"
#include "posenc/attention_span.hpp"
#include "posenc/experiment.hpp"
#include "posenc/rope.hpp"
#include "posenc/t5_bias.hpp"

namespace posenc::js
{
    /// scaling: { kind, ...the fields the kind's entry in rope_scaling_names reads }.
    Problem read_rope_scaling(const OptionsReader& read, RopeScaling& out);

    /// { base, pairing, rotaryFraction, rotaryAxes, mropeSection (for 'mrope'), scaling: { kind, ... } };
    /// without `multimodal`, positions are token indices and rotaryAxes is not read.
    Problem read_rope_options(const OptionsReader& read, RopeOptions& out, bool multimodal = true);

    /// { span: { kind, size (unless 'full') } }.
    Problem read_attention_span(const OptionsReader& read, AttentionSpan& out);

    /// { bidirectional, numBuckets, maxDistance }.
    Problem read_t5_options(const OptionsReader& read, T5BucketOptions& out);

    /// The toy model's shape and its task: { scheme, task, layerPositions, trainedLength, dModel, nHeads, nLayers,
    /// mlpHidden, base, offset, symbols, passkeys, markerSpacing }. The task is checked here (the
    /// vocabulary is the task's, so its sizes are checked before they are added); the shape is the
    /// caller's to check with the rest of what it reads.
    Problem read_model_settings(const OptionsReader& read, ModelConfig& model, TaskOptions& task);

    /// A model given by its shape, task and parameters.
    struct GivenModel
    {
        ModelConfig config;
        TaskOptions task;
        std::vector<double> parameters;
    };

    /// The shape and task (read_model_settings), RoPE's scaling when `scaling` and the model is RoPE,
    /// then `parameters`: its length is checked against the shape's layout before anything is copied.
    Problem read_given_model(const val& options, const OptionsReader& read, GivenModel& out, bool scaling = true);

    /// { length, bucketWidth, sequences, firstSequence, queriesPerBucket, overflow, seed }.
    Problem read_evaluation_settings(const OptionsReader& read, EvaluationOptions& out);
}
