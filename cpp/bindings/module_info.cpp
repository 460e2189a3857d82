// What the module says about itself: the bounds it checks, the names it reads, and a diagnostic
// for leak tests. None of these fail.
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <emscripten/heap.h>
#include <emscripten/stack.h>

#include "adapters.hpp"
#include "js_values.hpp"
#include "posenc/layer_positions.hpp"
#include "posenc/learned.hpp"
#include "posenc/limits.hpp"
#include "posenc/models.hpp"
#include "posenc/rope.hpp"
#include "posenc/scheme.hpp"
#include "posenc/sinusoidal.hpp"
#include "posenc/tasks.hpp"

namespace posenc::js
{
    val limits()
    {
        val result = val::object();
        result.set("maxPosition", static_cast<double>(limits::max_position));
        result.set("maxAnalysisPosition", static_cast<double>(limits::max_analysis_position));
        result.set("maxTrainedLength", static_cast<double>(limits::max_trained_length));
        result.set("maxDModel", static_cast<double>(limits::max_d_model));
        result.set("maxCells", static_cast<double>(limits::max_cells));
        result.set("maxHeads", static_cast<double>(limits::max_heads));
        result.set("maxAttentionDModel", static_cast<double>(limits::max_attention_d_model));
        return result;
    }

    val names()
    {
        val result = success();
        result.set("scheme", named_entries<Scheme>());
        result.set("overflow", named_entries<Overflow>());
        result.set("task", named_entries<Task>());
        result.set("layerPositions", named_entries<LayerPositions>());
        result.set("scalingKind", scaling_kind_entries());
        result.set("pairing", named_entries<RopePairing>());
        result.set("layout", named_entries<SinusoidalLayout>());
        result.set("precision", named_entries<Precision>());
        result.set("yarnRamp", named_entries<YarnRamp>());
        result.set("rotaryAxes", named_entries<RopeAxes>());
        result.set("spanKind", named_entries<AttentionSpanKind>());
        val models = val::array();
        for (const auto& model : model_presets())
        {
            val entry = val::object();
            entry.set("name", std::string(model.name));
            entry.set("label", std::string(model.label));
            models.call<void>("push", entry);
        }
        result.set("model", models);
        return result;
    }

    namespace
    {
        val rope_value(const RopeOptions& rope)
        {
            val out = val::object();
            out.set("base", rope.base);
            out.set("pairing", std::string(name_of(rope.pairing)));
            out.set("rotaryFraction", rope.rotary_fraction);
            out.set("rotaryAxes", std::string(name_of(rope.axes)));
            if (rope.axes == RopeAxes::mrope)
                out.set("mropeSection", plain_array(std::vector<std::int64_t>(rope.mrope_section.begin(), rope.mrope_section.end())));
            const auto& scaling = rope.scaling;
            val scaled = val::object();
            scaled.set("kind", std::string(name_of(scaling.kind)));
            const auto& entry = scaling_entry(scaling.kind);
            const auto set_optional = [&](const char* key, const std::optional<double>& value) {
                if (value) scaled.set(key, *value);
            };
            for (const auto& field : scaling_field_names)
            {
                if (!reads(entry, field.value)) continue;
                const std::string key(field.name);
                switch (field.value)
                {
                case ScalingField::factor: scaled.set(key, scaling.factor); break;
                case ScalingField::trained_length: scaled.set(key, static_cast<double>(scaling.trained_length)); break;
                case ScalingField::low_freq_factor: scaled.set(key, scaling.low_freq_factor); break;
                case ScalingField::high_freq_factor: scaled.set(key, scaling.high_freq_factor); break;
                case ScalingField::beta_fast: scaled.set(key, scaling.beta_fast); break;
                case ScalingField::beta_slow: scaled.set(key, scaling.beta_slow); break;
                case ScalingField::ramp: scaled.set(key, std::string(name_of(scaling.ramp))); break;
                case ScalingField::truncate: scaled.set(key, scaling.truncate); break;
                case ScalingField::attention_factor: set_optional(key.c_str(), scaling.attention_factor); break;
                case ScalingField::mscale: set_optional(key.c_str(), scaling.mscale); break;
                case ScalingField::mscale_all_dim: set_optional(key.c_str(), scaling.mscale_all_dim); break;
                case ScalingField::short_factor: scaled.set(key, plain_array(scaling.short_factor)); break;
                case ScalingField::long_factor: scaled.set(key, plain_array(scaling.long_factor)); break;
                }
            }
            out.set("scaling", scaled);
            return out;
        }
    }

    val scaling_kind_entries()
    {
        val list = val::array();
        for (const auto& kind : rope_scaling_names)
        {
            val entry = val::object();
            entry.set("name", std::string(kind.name));
            entry.set("label", std::string(kind.label));
            val fields = val::array();
            for (const auto& field : scaling_field_names)
                if (reads(kind, field.value))
                {
                    val named = val::object();
                    named.set("name", std::string(field.name));
                    named.set("label", std::string(field.label));
                    fields.call<void>("push", named);
                }
            entry.set("reads", fields);
            entry.set("perPairFactors", needs_per_pair_values(kind.value));
            entry.set("followsLength", kind.follows_length);
            list.call<void>("push", entry);
        }
        return list;
    }

    val models()
    {
        val list = val::array();
        for (const auto& model : model_presets())
        {
            val entry = val::object();
            entry.set("name", std::string(model.name));
            entry.set("label", std::string(model.label));
            for (const auto& [key, value] :
                 {std::pair{"layers", model.layers}, std::pair{"heads", model.heads}, std::pair{"headDim", model.head_dim},
                  std::pair{"dModel", model.d_model}, std::pair{"trainedLength", model.trained_length},
                  std::pair{"contextLength", model.context_length}})
                entry.set(key, static_cast<double>(value));
            const auto& groups = model.groups;
            if (std::any_of(groups.begin(), groups.end(), [](const LayerGroup& group) { return group.scheme == Scheme::t5; }))
            {
                val t5 = val::object();
                t5.set("bidirectional", model.t5.bidirectional);
                t5.set("numBuckets", static_cast<double>(model.t5.num_buckets));
                t5.set("maxDistance", static_cast<double>(model.t5.max_distance));
                entry.set("t5", t5);
            }
            val group_list = val::array();
            for (const auto& group : groups)
            {
                val item = val::object();
                item.set("name", std::string(group.name));
                item.set("label", std::string(group.label));
                item.set("scheme", std::string(name_of(group.scheme)));
                item.set("layers", plain_array(group_layers(model, group)));
                if (group.scheme == Scheme::rope) item.set("rope", rope_value(group.rope));
                item.set("latentDims", static_cast<double>(group.latent_dims));
                val span = val::object();
                span.set("kind", std::string(name_of(group.span.kind)));
                span.set("size", static_cast<double>(group.span.size));
                item.set("span", span);
                if (group.temperature_scale > 0)
                {
                    val temperature = val::object();
                    temperature.set("floor", group.temperature_floor);
                    temperature.set("scale", group.temperature_scale);
                    item.set("temperature", temperature);
                }
                group_list.call<void>("push", item);
            }
            entry.set("groups", group_list);
            val sources = val::array();
            for (const auto& source : model.sources)
            {
                val item = val::object();
                item.set("covers", std::string(source.covers));
                item.set("where", std::string(source.where));
                sources.call<void>("push", item);
            }
            entry.set("sources", sources);
            list.call<void>("push", entry);
        }
        val result = success();
        result.set("models", list);
        return result;
    }

    val memory_stats()
    {
        val result = success();
        result.set("heapSize", static_cast<double>(emscripten_get_heap_size()));  // linear memory, bytes
        // The allocator's break: it only moves up when malloc needs more than it has freed.
        // (mallinfo() reads 0 under Emscripten 3.1.6's -O3 dlmalloc, so it is not used.)
        result.set("heapTop", static_cast<double>(reinterpret_cast<std::uintptr_t>(sbrk(0))));
        result.set("stackPointer", static_cast<double>(emscripten_stack_get_current()));
        result.set("stackBase", static_cast<double>(emscripten_stack_get_base()));  // the stack grows down from here
        return result;
    }
}
