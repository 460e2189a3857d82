#include <catch2/catch.hpp>

#include <set>
#include <string_view>

#include "posenc/models.hpp"

namespace
{
    const posenc::ModelPreset& model(std::string_view name)
    {
        for (const auto& each : posenc::model_presets())
            if (each.name == name) return each;
        FAIL("no preset " << name);
        return posenc::model_presets().front();
    }
}

TEST_CASE("Every preset is valid as the engine reads it, with distinct names and a source", "[models]")
{
    std::set<std::string_view> names;
    for (const auto& preset : posenc::model_presets())
    {
        INFO(preset.name);
        CHECK(names.insert(preset.name).second);
        CHECK_FALSE(preset.sources.empty());
        CHECK(preset.trained_length <= preset.context_length);
        std::size_t layers = 0;
        for (const auto& group : preset.groups)
        {
            layers += posenc::group_layers(preset, group).size();
            if (group.scheme == posenc::Scheme::rope)
                CHECK_FALSE(posenc::check_rope_beyond({5000, preset.trained_length}, posenc::rope_beyond_options(preset, group)));
        }
        CHECK(layers == static_cast<std::size_t>(preset.layers));  // the groups share out the layers, none twice
    }
    CHECK(posenc::model_names().size() == posenc::model_presets().size());
}

TEST_CASE("Periodic layer groups: Gemma 3's every 6th layer is global, Llama 4's every 4th has no RoPE", "[models]")
{
    const auto& gemma = model("gemma-3-4b");
    CHECK(posenc::group_layers(gemma, gemma.groups[1]) == std::vector<std::int64_t>{5, 11, 17, 23, 29});
    CHECK(posenc::group_layers(gemma, gemma.groups[0]).size() == 29);
    const auto& scout = model("llama-4-scout");
    const auto nope = posenc::group_layers(scout, scout.groups[1]);
    CHECK(nope.size() == 12);
    CHECK(nope.front() == 3);
    CHECK(nope.back() == 47);
    CHECK(posenc::group_layers(model("t5"), model("t5").groups[0]).empty());  // no source gives T5's layer count here
}
