// Runs a preset natively: each of its runs (a scheme on a task), timing the whole and printing one
// JSON line per run (per overflow policy for learned).
// Usage: posenc_train [quick|seedStory|positionModels] [seed] [steps] [scheme,scheme,...]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "posenc/presets.hpp"

/// Whether `scheme` is one of the comma-separated `list`.
static bool chosen(const char* list, const std::string& scheme)
{
    std::string padded = ",";
    padded += list;
    padded += ",";
    return padded.find("," + scheme + ",") != std::string::npos;
}

int main(int argc, char** argv)
{
    using namespace posenc;
    const std::string name = argc > 1 ? argv[1] : "quick";
    const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
    const auto presets = experiment_presets();
    const ExperimentPreset* preset = nullptr;
    for (const auto& p : presets)
        if (p.name == name) preset = &p;
    if (!preset)
    {
        std::fprintf(stderr, "unknown preset %s\n", name.c_str());
        return 2;
    }
    const std::int64_t steps = argc > 3 ? std::strtoll(argv[3], nullptr, 10) : preset->steps;
    const auto start = std::chrono::steady_clock::now();
    for (const auto& run : preset->runs)
    {
        const std::string scheme(name_of(run.scheme));
        if (argc > 4 && !chosen(argv[4], scheme)) continue;
        const auto t0 = std::chrono::steady_clock::now();
        Trainer trainer(preset_trainer(*preset, run.scheme, run.task, seed));
        double loss = 0;
        for (std::int64_t s = 0; s < steps; ++s) loss = trainer.step();
        const double train_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        // Every policy for the learned table, one evaluation (its policy unused) for the others.
        for (const auto& policy : overflow_names)
        {
            if (run.scheme != Scheme::learned && policy.value != Overflow::clamp) continue;
            auto evaluation = preset->evaluation;
            evaluation.overflow = policy.value;
            const auto result = trainer.evaluate(evaluation);
            std::printf("{\"task\":\"%s\",\"scheme\":\"%s\",\"overflow\":\"%s\",\"finalLoss\":%.4f,\"trainSeconds\":%.3f,"
                        "\"inAccuracy\":%.4f,\"inConfidence\":%.4f,\"beyondAccuracy\":%.4f,\"beyondConfidence\":%.4f,\"buckets\":[",
                        std::string(name_of(run.task)).c_str(), scheme.c_str(),
                        run.scheme == Scheme::learned ? std::string(policy.name).c_str() : "", loss, train_s,
                        result.in_distribution.accuracy, result.in_distribution.confidence, result.beyond.accuracy,
                        result.beyond.confidence);
            for (std::size_t b = 0; b < result.buckets.size(); ++b)
                std::printf("%s%.2f", b ? "," : "", result.buckets[b].available ? result.buckets[b].score.accuracy : -1.0);
            std::printf("]}\n");
            std::fflush(stdout);
        }
    }
    std::printf("{\"preset\":\"%s\",\"totalSeconds\":%.3f}\n", name.c_str(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
}
