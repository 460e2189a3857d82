// Runs a preset natively: every scheme on both tasks, timing the whole and printing one JSON
// line per run (per overflow policy for learned). Usage: posenc_train [quick|seedStory] [seed] [steps] [scheme,scheme,...]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "posenc/presets.hpp"

int main(int argc, char** argv)
{
    using namespace posenc;
    const std::string name = argc > 1 ? argv[1] : "quick";
    const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
    const char* scheme_names[] = {"nope", "sinusoidal", "learned", "rope", "alibi", "t5"};
    const char* task_names[] = {"copyBack", "recallFirst"};
    const char* overflow_names[] = {"error", "clamp", "wrap", "window", "interpolate"};
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
    for (int task = 0; task < 2; ++task)
        for (int scheme = 0; scheme < 6; ++scheme)
        {
            if (argc > 4 && std::string(argv[4]).find(scheme_names[scheme]) == std::string::npos) continue;
            const auto t0 = std::chrono::steady_clock::now();
            Trainer trainer(preset_trainer(*preset, static_cast<Scheme>(scheme), static_cast<Task>(task), seed));
            double loss = 0;
            for (std::int64_t s = 0; s < steps; ++s) loss = trainer.step();
            const double train_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            const int policies = scheme == 2 ? 5 : 1;
            for (int policy = 0; policy < policies; ++policy)
            {
                auto evaluation = preset->evaluation;
                if (scheme == 2) evaluation.overflow = static_cast<Overflow>(policy);
                const auto result = trainer.evaluate(evaluation);
                std::printf("{\"task\":\"%s\",\"scheme\":\"%s\",\"overflow\":\"%s\",\"finalLoss\":%.4f,\"trainSeconds\":%.3f,"
                            "\"inAccuracy\":%.4f,\"inConfidence\":%.4f,\"beyondAccuracy\":%.4f,\"beyondConfidence\":%.4f,\"buckets\":[",
                            task_names[task], scheme_names[scheme], scheme == 2 ? overflow_names[policy] : "", loss, train_s,
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
