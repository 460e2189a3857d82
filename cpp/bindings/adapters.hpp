#pragma once
// One adapter per exported function: read the JS options (types only), hand them to the core's
// checks, call the core, copy the result out. Each returns { ok: true, ... } or the failure
// object of js_values.hpp; web/posenc.js documents the JS shapes and fills in defaults.
#include <emscripten/val.h>

namespace posenc::js
{
    using emscripten::val;

    // Absolute encodings (encodings.cpp)
    val sinusoidal(val options);
    val nope(val options);
    val learned_table(val options);
    val learned_lookup(val options);

    // Rotary (rotary.cpp)
    val rope(val options);
    val rope_score(val options);
    val rope_frequencies(val options);

    // Biases on the logits (relative_bias.cpp)
    val alibi_slopes(val options);
    val alibi_bias(val options);
    val t5_bucket(val options);

    // Analyses (analysis.cpp)
    val attention(val options);
    val beyond_trained(val options);
    val offset_similarity(val options);

    // The trainable toy model (training.cpp): presets, and trainers held by id until disposed
    val training_presets();
    val trainer_create(val options);
    val trainer_step(val options);
    val trainer_evaluate(val options);
    val trainer_parameters(val options);
    val trainer_dispose(val options);

    // The grid experiments (grid.cpp): passkey at any depth, RoPE and NoPE layers
    val grid_presets();
    /// { id, depths, lengths, sequences, firstSequence, overflow, seed } of a trainer on the passkey task.
    val passkey_grid(val options);

    // A toy model given by its parameters (trained_model.cpp): asked at one position, or scored
    val model_probe(val options);
    val model_evaluate(val options);

    // Context extension (extension.cpp): presets; a given RoPE model asked with a scaling kind up to a
    // target length; a fine-tune of it at that length, held as a trainer (trainerStep, trainerParameters)
    val extension_presets();
    val extension_evaluate(val options);
    val finetune_create(val options);

    // About the module (module_info.cpp)
    /// The bounds every call is checked against.
    val limits();
    /// { ok, scheme, overflow, task, scalingKind, pairing, layout, precision, yarnRamp, rotaryAxes,
    /// spanKind, model }: each enum's [{ name, label }], the names every call reads, in the order lists
    /// show them (scalingKind's entries also list the scaling fields each kind reads).
    val names();
    /// scalingKind's entries: { name, label, reads: [{ name, label }], perPairFactors }.
    val scaling_kind_entries();
    /// { ok, models }: the real-model presets (models.hpp) with their sources.
    val models();
    /// { ok, heapSize, heapTop, stackPointer, stackBase } in bytes, for leak tests.
    val memory_stats();
}
