#pragma once
// Readers for option groups several adapters share. They read types only; the adapter hands what
// they read to the core's checks.
#include "js_values.hpp"
#include "posenc/experiment.hpp"
#include "posenc/rope.hpp"
#include "posenc/t5_bias.hpp"

namespace posenc::js
{
    /// { base, pairing, scaling: { kind, factor, trainedLength } }: of factor and trainedLength, those
    /// the kind reads (its entry in rope_scaling_names).
    Problem read_rope_options(const OptionsReader& read, RopeOptions& out);

    /// scaling: { kind, factor, trainedLength }, the fields the kind reads.
    Problem read_rope_scaling(const OptionsReader& read, RopeScaling& out);

    /// { bidirectional, numBuckets, maxDistance }.
    Problem read_t5_options(const OptionsReader& read, T5BucketOptions& out);

    /// The toy model's shape and its task: { scheme, task, trainedLength, dModel, nHeads, nLayers,
    /// mlpHidden, base, offset, symbols, passkeys, markerSpacing }. The task is checked here (the
    /// vocabulary is the task's, so its sizes are checked before they are added); the shape is the
    /// caller's to check with the rest of what it reads.
    Problem read_model_settings(const OptionsReader& read, ModelConfig& model, TaskOptions& task);

    /// { length, bucketWidth, sequences, firstSequence, queriesPerBucket, overflow, seed }.
    Problem read_evaluation_settings(const OptionsReader& read, EvaluationOptions& out);
}
