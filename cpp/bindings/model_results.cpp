#include "model_results.hpp"

#include <vector>

namespace posenc::js
{
    namespace
    {
        val score_value(const Score& score)
        {
            val out = val::object();
            out.set("count", static_cast<double>(score.count));
            out.set("accuracy", score.accuracy);
            out.set("confidence", score.confidence);
            return out;
        }
    }

    val evaluation_result(const Evaluation& evaluation, std::int64_t trained_length)
    {
        const std::size_t count = evaluation.buckets.size();
        std::vector<std::int32_t> start(count), end(count), scored(count);
        std::vector<double> accuracy(count), confidence(count);
        std::vector<std::uint8_t> available(count);
        for (std::size_t b = 0; b < count; ++b)
        {
            const auto& bucket = evaluation.buckets[b];
            start[b] = static_cast<std::int32_t>(bucket.start);
            end[b] = static_cast<std::int32_t>(bucket.end);
            scored[b] = static_cast<std::int32_t>(bucket.score.count);
            accuracy[b] = bucket.score.accuracy;
            confidence[b] = bucket.score.confidence;
            available[b] = bucket.available;
        }
        val buckets = val::object();
        buckets.set("start", int32_array(start));
        buckets.set("end", int32_array(end));
        buckets.set("count", int32_array(scored));
        buckets.set("accuracy", float64_array(accuracy));
        buckets.set("confidence", float64_array(confidence));
        buckets.set("available", uint8_array(available));
        val result = success();
        result.set("trainedLength", static_cast<double>(trained_length));
        result.set("buckets", buckets);
        result.set("inDistribution", score_value(evaluation.in_distribution));
        result.set("beyond", score_value(evaluation.beyond));
        if (!evaluation.unavailable.empty()) result.set("unavailable", evaluation.unavailable);
        return result;
    }
}
