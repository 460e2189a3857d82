#pragma once
// A toy model's results as JS objects, for every adapter that scores or asks a model.
#include <cstdint>

#include "js_values.hpp"
#include "posenc/experiment.hpp"

namespace posenc::js
{
    /// { ok: true, trainedLength, buckets: { start, end, count, accuracy, confidence, available },
    /// inDistribution, beyond, unavailable? }, each score { count, accuracy, confidence }.
    val evaluation_result(const Evaluation& evaluation, std::int64_t trained_length);
}
