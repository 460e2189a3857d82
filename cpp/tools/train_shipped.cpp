// Trains the models the page ships (the position view's attention rows): every run of the
// positionModels preset from one seed, natively, and writes their parameters as little-endian
// IEEE halves (trained-models.bin, half.hpp) with a JSON manifest (trained-models.json) that says
// what each block is and how it was made. npm run train:shipped runs it (scripts/train-shipped.mjs).
//
//   posenc_train_shipped <folder> [--only scheme,...]   train, then write both files into <folder>
//   posenc_train_shipped --first-steps <k>               print each run's first k losses as JSON
//
// The same seed gives the same files on the same compiler and libm; the manifest keeps each
// run's first losses (17 significant digits: the exact doubles), which a test reproduces.
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "posenc/half.hpp"
#include "posenc/presets.hpp"

namespace
{
    using namespace posenc;

    constexpr const char* preset_name = "positionModels";
    constexpr std::uint64_t seed = 1;
    constexpr std::int64_t recorded_losses = 3;  // the first steps the manifest keeps, bit for bit

    const ExperimentPreset& shipped_preset()
    {
        static const auto presets = experiment_presets();
        for (const auto& preset : presets)
            if (preset.name == preset_name) return preset;
        throw std::logic_error("no preset named positionModels");
    }

    std::string number(double value)
    {
        char text[32];
        std::snprintf(text, sizeof text, "%.17g", value);
        return text;
    }

    std::string list(const std::vector<double>& values)
    {
        std::string out = "[";
        for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + number(values[i]);
        return out + "]";
    }

    /// FNV-1a (64 bits) of the halves' little-endian bytes, so a test can tell the file from an edited one.
    std::string checksum(const std::vector<std::uint16_t>& halves)
    {
        std::uint64_t hash = 0xcbf29ce484222325ull;
        for (std::uint16_t half : halves)
            for (int byte = 0; byte < 2; ++byte)
            {
                hash ^= (half >> (8 * byte)) & 0xffu;
                hash *= 0x100000001b3ull;
            }
        char text[24];
        std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
        return text;
    }

    struct TrainedRun
    {
        PresetRun run;
        std::vector<double> losses;             // every step's
        std::vector<std::uint16_t> parameters;  // as shipped: halves
        Evaluation check;                       // the shipped parameters scored by the preset's evaluation
    };

    TrainedRun train(const ExperimentPreset& preset, const PresetRun& run, std::int64_t steps)
    {
        Trainer trainer(preset_trainer(preset, run.scheme, run.task, seed));
        TrainedRun out{run, {}, {}, {}};
        for (std::int64_t s = 0; s < steps; ++s)
        {
            out.losses.push_back(trainer.step());
            if ((s + 1) % 100 == 0)
                std::fprintf(stderr, "train-shipped: %s on %s, step %lld of %lld, loss %.4f\n", std::string(name_of(run.scheme)).c_str(),
                             std::string(name_of(run.task)).c_str(), static_cast<long long>(s + 1), static_cast<long long>(steps),
                             out.losses.back());
        }
        for (double value : trainer.model().parameters) out.parameters.push_back(half_bits(static_cast<float>(value)));
        return out;
    }

    /// Scores the parameters the page will load (the halves), as the engine will.
    void check(const ExperimentPreset& preset, TrainedRun& trained)
    {
        const auto options = preset_trainer(preset, trained.run.scheme, trained.run.task, seed);
        std::vector<double> shipped;
        for (std::uint16_t bits : trained.parameters) shipped.push_back(half_value(bits));
        trained.check = evaluate_model(model_with_parameters(options.model, shipped), options.task, preset.evaluation);
    }

    void write_files(const std::string& folder, const ExperimentPreset& preset, const std::vector<TrainedRun>& runs)
    {
        static_assert(std::endian::native == std::endian::little, "the shipped halves are little-endian");
        std::ofstream bin(folder + "/trained-models.bin", std::ios::binary);
        std::string models;
        std::size_t offset = 0;
        for (const auto& trained : runs)
        {
            bin.write(reinterpret_cast<const char*>(trained.parameters.data()),
                      static_cast<std::streamsize>(trained.parameters.size() * sizeof(std::uint16_t)));
            const std::vector<double> first(trained.losses.begin(), trained.losses.begin() + recorded_losses);
            models += std::string(models.empty() ? "" : ",\n") + "    { \"scheme\": \"" + std::string(name_of(trained.run.scheme))
                      + "\", \"task\": \"" + std::string(name_of(trained.run.task)) + "\", \"offset\": " + std::to_string(offset)
                      + ", \"count\": " + std::to_string(trained.parameters.size()) + ", \"fnv1a64\": \"" + checksum(trained.parameters)
                      + "\",\n      \"firstLosses\": " + list(first) + ", \"finalLoss\": " + number(trained.losses.back())
                      + ",\n      \"insideAccuracy\": " + number(trained.check.in_distribution.accuracy)
                      + ", \"insideCount\": " + std::to_string(trained.check.in_distribution.count) + " }";
            offset += trained.parameters.size();
        }
        if (!bin) throw std::runtime_error("could not write " + folder + "/trained-models.bin");
        std::ofstream json(folder + "/trained-models.json");
        json
            << "{\n  \"about\": \"Toy models trained to L = " << preset.trainer.model.trained_length
            << " by npm run train:shipped (cpp/tools/train_shipped.cpp): the position view's attention rows. "
               "trained-models.bin holds each model's parameters as little-endian IEEE binary16, from offset for count values, "
               "in the layout the engine gives them (trainerParameters' groups); fnv1a64: the FNV-1a hash of those bytes. insideAccuracy: they "
               "scored inside L by the preset's evaluation, natively.\",\n"
            << "  \"encoding\": \"float16le\",\n  \"preset\": \"" << preset.name << "\",\n  \"seed\": " << seed
            << ",\n  \"steps\": " << preset.steps << ",\n  \"models\": [\n"
            << models << "\n  ]\n}\n";
        if (!json) throw std::runtime_error("could not write " + folder + "/trained-models.json");
    }

    bool chosen(const std::string& only, const PresetRun& run)
    {
        return only.empty() || ("," + only + ",").find("," + std::string(name_of(run.scheme)) + ",") != std::string::npos;
    }
}

int main(int argc, char** argv)
{
    const auto& preset = shipped_preset();
    if (argc == 3 && std::strcmp(argv[1], "--first-steps") == 0)
    {
        const std::int64_t steps = std::stoll(argv[2]);
        std::printf("{ \"preset\": \"%s\", \"seed\": %llu, \"models\": [", preset.name.c_str(), static_cast<unsigned long long>(seed));
        for (std::size_t i = 0; i < preset.runs.size(); ++i)
        {
            const auto trained = train(preset, preset.runs[i], steps);
            std::printf("%s\n  { \"scheme\": \"%s\", \"task\": \"%s\", \"firstLosses\": %s }", i ? "," : "",
                        std::string(name_of(preset.runs[i].scheme)).c_str(), std::string(name_of(preset.runs[i].task)).c_str(),
                        list(trained.losses).c_str());
        }
        std::printf("\n] }\n");
        return 0;
    }
    if (argc != 2 && !(argc == 4 && std::strcmp(argv[2], "--only") == 0))
    {
        std::fprintf(stderr, "usage: %s <folder> [--only scheme,...] | --first-steps <k>\n", argv[0]);
        return 2;
    }
    const std::string only = argc == 4 ? argv[3] : "";
    std::vector<TrainedRun> runs;
    for (const auto& run : preset.runs)
        if (chosen(only, run))
        {
            runs.push_back(train(preset, run, preset.steps));
            check(preset, runs.back());
            std::fprintf(stderr, "train-shipped: %s on %s: %.4f inside L (%lld asked)\n", std::string(name_of(run.scheme)).c_str(),
                         std::string(name_of(run.task)).c_str(), runs.back().check.in_distribution.accuracy,
                         static_cast<long long>(runs.back().check.in_distribution.count));
        }
    write_files(argv[1], preset, runs);
    return 0;
}
