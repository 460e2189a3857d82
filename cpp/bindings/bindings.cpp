// The module's whole JS surface: registrations only. Adapters (adapters.hpp) read, call and copy;
// the core (cpp/include/posenc) never sees Emscripten.
#include <emscripten/bind.h>

#include "adapters.hpp"

EMSCRIPTEN_BINDINGS(posenc)
{
    using namespace posenc::js;
    emscripten::function("sinusoidal", &sinusoidal);
    emscripten::function("nope", &nope);
    emscripten::function("learnedTable", &learned_table);
    emscripten::function("learnedLookup", &learned_lookup);
    emscripten::function("rope", &rope);
    emscripten::function("ropeScore", &rope_score);
    emscripten::function("ropeFrequencies", &rope_frequencies);
    emscripten::function("alibiSlopes", &alibi_slopes);
    emscripten::function("alibiBias", &alibi_bias);
    emscripten::function("t5Bucket", &t5_bucket);
    emscripten::function("attention", &attention);
    emscripten::function("beyondTrained", &beyond_trained);
    emscripten::function("offsetSimilarity", &offset_similarity);
    emscripten::function("trainingPresets", &training_presets);
    emscripten::function("trainerCreate", &trainer_create);
    emscripten::function("trainerStep", &trainer_step);
    emscripten::function("trainerEvaluate", &trainer_evaluate);
    emscripten::function("trainerParameters", &trainer_parameters);
    emscripten::function("trainerDispose", &trainer_dispose);
    emscripten::function("gridPresets", &grid_presets);
    emscripten::function("passkeyGrid", &passkey_grid);
    emscripten::function("modelProbe", &model_probe);
    emscripten::function("modelEvaluate", &model_evaluate);
    emscripten::function("extensionPresets", &extension_presets);
    emscripten::function("extensionEvaluate", &extension_evaluate);
    emscripten::function("finetuneCreate", &finetune_create);
    emscripten::function("limits", &limits);
    emscripten::function("names", &names);
    emscripten::function("models", &models);
    emscripten::function("memoryStats", &memory_stats);
}
