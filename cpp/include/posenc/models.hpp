#pragma once
// Real models' position settings as data: one entry per model, each number with the file or paper
// it comes from. The page and the tests read them from here (posenc.models); the values a source
// gives are recorded in tests/reference/model-sources.json and checked against these entries.
#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "attention_span.hpp"
#include "beyond_trained.hpp"
#include "rope.hpp"
#include "scheme.hpp"
#include "t5_bias.hpp"

namespace posenc
{
    /// Layers of a model that share one position scheme and its settings (Gemma 3's local and global
    /// layers, Llama 4's RoPE and NoPE layers); most models have one group.
    struct LayerGroup
    {
        std::string_view name;   // what callers write: 'all', 'local', 'global', 'rope', 'nope'
        std::string_view label;  // what people read
        Scheme scheme = Scheme::rope;
        /// 0: the layers no periodic group takes; k: the layers whose 1-based index is a multiple of k
        /// (Llama 4 and SmolLM3 drop RoPE from every 4th layer, Gemma 3 attends globally in every 6th).
        std::int64_t period = 0;
        RopeOptions rope{};
        std::int64_t latent_dims = 0;  // decoupled RoPE: unrotated latent dimensions of q and k
        AttentionSpan span{};
        double temperature_floor = 8192.0;  // Llama 4's NoPE layers scale q by ln(floor((p + 1) / floor) + 1) scale + 1 ...
        double temperature_scale = 0.0;     // ... when scale > 0
    };

    /// Where numbers of a preset come from: `covers` names the preset's fields, `where` the file
    /// (repository, path and commit, or a model's config on the Hugging Face Hub) or paper.
    struct ModelSource
    {
        std::string_view covers;
        std::string_view where;
    };

    struct ModelPreset
    {
        std::string_view name;                                          // what callers write: 'llama-3.1-8b'
        std::string_view label;                                         // what people read: 'Llama 3.1 8B'
        std::int64_t layers = 0, heads = 0, head_dim = 0, d_model = 0;  // 0: no source gives it and nothing here needs it
        /// The longest sequence the model was trained on without the rescaling its config adds
        /// (original_max_position_embeddings), or the config's maximum when it adds none.
        std::int64_t trained_length = 0;
        std::int64_t context_length = 0;  // the length the model is meant for, rescaling included
        T5BucketOptions t5{};
        std::vector<LayerGroup> groups;
        std::vector<ModelSource> sources;
    };

    namespace detail
    {
        inline RopeOptions rope_settings(double base, RopePairing pairing, RopeScaling scaling = {}, double rotary_fraction = 1.0)
        {
            RopeOptions rope{base, pairing, std::move(scaling)};
            rope.rotary_fraction = rotary_fraction;
            return rope;
        }

        inline RopeScaling llama3_scaling(double factor, double low, double high, std::int64_t trained_length)
        {
            RopeScaling scaling{RopeScalingKind::llama3, factor, trained_length};
            scaling.low_freq_factor = low;
            scaling.high_freq_factor = high;
            return scaling;
        }

        // Phi-3-mini-128k-instruct's LongRoPE factors, one per rotary pair (48 of head dim 96), as its
        // config.json gave them at release (rope_scaling "su", April 2024).
        inline constexpr std::array<double, 48> phi3_long_factor{
            1.0299999713897705, 1.0499999523162842, 1.0499999523162842, 1.0799999237060547, 1.2299998998641968, 1.2299998998641968,
            1.2999999523162842, 1.4499999284744263, 1.5999999046325684, 1.6499998569488525, 1.8999998569488525, 2.859999895095825,
            3.68999981880188,   5.419999599456787,  5.489999771118164,  5.489999771118164,  9.09000015258789,   11.579999923706055,
            15.65999984741211,  15.769999504089355, 15.789999961853027, 18.360000610351562, 21.989999771118164, 23.079999923706055,
            30.009998321533203, 32.35000228881836,  32.590003967285156, 35.56000518798828,  39.95000457763672,  53.840003967285156,
            56.20000457763672,  57.95000457763672,  59.29000473022461,  59.77000427246094,  59.920005798339844, 61.190006256103516,
            61.96000671386719,  62.50000762939453,  63.3700065612793,   63.48000717163086,  63.48000717163086,  63.66000747680664,
            63.850006103515625, 64.08000946044922,  64.760009765625,    64.80001068115234,  64.81001281738281,  64.81001281738281};
        // clang-format 14 would give each value of this list a line of its own.
        // clang-format off
        inline constexpr std::array<double, 48> phi3_short_factor{
            1.05, 1.05, 1.05, 1.1, 1.1, 1.1500000000000001,
            1.2000000000000002, 1.2500000000000002, 1.3000000000000003, 1.3500000000000003, 1.5000000000000004, 2.000000000000001,
            2.000000000000001, 2.000000000000001, 2.000000000000001, 2.000000000000001, 2.000000000000001, 2.000000000000001,
            2.000000000000001, 2.000000000000001, 2.000000000000001, 2.000000000000001, 2.000000000000001, 2.000000000000001,
            2.000000000000001, 2.000000000000001, 2.000000000000001, 2.000000000000001, 2.000000000000001, 2.000000000000001,
            2.000000000000001, 2.000000000000001, 2.0500000000000007, 2.0500000000000007, 2.0500000000000007, 2.1000000000000005,
            2.1000000000000005, 2.1000000000000005, 2.1500000000000004, 2.1500000000000004, 2.3499999999999996, 2.549999999999999,
            2.5999999999999988, 2.5999999999999988, 2.7499999999999982, 2.849999999999998, 2.849999999999998, 2.9499999999999975};
        // clang-format on

        inline std::vector<ModelPreset> build_model_presets()
        {
            std::vector<ModelPreset> models;
            const auto whole = [](Scheme scheme, RopeOptions rope = {}) {
                LayerGroup group{"all", "every layer", scheme};
                group.rope = std::move(rope);
                return std::vector<LayerGroup>{group};
            };

            models.push_back({"gpt-2",
                              "GPT-2 (124M)",
                              12,
                              12,
                              64,
                              768,
                              1024,
                              1024,
                              {},
                              whole(Scheme::learned),
                              {{"trainedLength, dModel, heads, layers", "openai/gpt-2 src/model.py @9b63575: default_hparams"}}});
            models.push_back(
                {"bert-base",
                 "BERT-base",
                 12,
                 12,
                 64,
                 768,
                 512,
                 512,
                 {},
                 whole(Scheme::learned),
                 {{"trainedLength", "google-research/bert modeling.py @eedf571: BertConfig(max_position_embeddings=512)"},
                  {"dModel, heads, layers", "google-research/bert README.md @eedf571: BERT-Base, 12-layer, 768-hidden, 12-heads"}}});
            models.push_back({"t5",
                              "T5",
                              0,
                              0,
                              0,
                              0,
                              512,
                              512,
                              {true, 32, 128},
                              whole(Scheme::t5),
                              {{"t5.numBuckets, t5.maxDistance",
                                "tensorflow/mesh mesh_tensorflow/transformer/transformer_layers.py @da90793: _relative_position_bucket"},
                               {"trainedLength", "Raffel et al. 2020 (T5), section 3.1.2: pre-training inputs of 512 tokens"}}});
            models.push_back({"bloom",
                              "BLOOM (176B)",
                              70,
                              112,
                              128,
                              14336,
                              2048,
                              2048,
                              {},
                              whole(Scheme::alibi),
                              {{"layers, heads, dModel, trainedLength",
                                "bigscience-workshop/bigscience train/tr11-176B-ml/README.md @9e64ede: NLAYERS, NHEADS, NHIDDEN, SEQ_LEN, "
                                "--position-embedding-type alibi"}}});
            models.push_back(
                {"mpt-7b",
                 "MPT-7B",
                 32,
                 32,
                 128,
                 4096,
                 2048,
                 2048,
                 {},
                 whole(Scheme::alibi),
                 {{"layers, heads, dModel, trainedLength",
                   "mosaicml/llm-foundry scripts/train/yamls/pretrain/mpt-7b.yaml @8c8dd48: n_layers, n_heads, d_model, max_seq_len"},
                  {"scheme", "huggingface.co/mosaicml/mpt-7b config.json: attn_config.alibi true, alibi_bias_max 8"}}});
            models.push_back(
                {"gpt-j-6b",
                 "GPT-J 6B",
                 28,
                 16,
                 256,
                 4096,
                 2048,
                 2048,
                 {},
                 whole(Scheme::rope, rope_settings(10000.0, RopePairing::interleaved, {}, 0.25)),
                 {{"layers, heads, dModel, trainedLength, rotaryFraction",
                   "kingoflolz/mesh-transformer-jax configs/6B_roto_256.json @f8315e3: layers 28, n_heads 16, d_model 4096, seq "
                   "2048, pe_rotary_dims 64"},
                  {"base, pairing", "HF transformers models/gptj/modeling_gptj.py: base 10000, rotate_every_two"}}});
            models.push_back({"gpt-neox-20b",
                              "GPT-NeoX-20B",
                              44,
                              64,
                              96,
                              6144,
                              2048,
                              2048,
                              {},
                              whole(Scheme::rope, rope_settings(10000.0, RopePairing::half, {}, 0.25)),
                              {{"layers, heads, dModel, trainedLength, rotaryFraction",
                                "EleutherAI/gpt-neox configs/20B.yml @ea7aefd: num_layers 44, num_attention_heads 64, hidden_size 6144, "
                                "seq_length 2048, rotary_pct 0.25"},
                               {"base, pairing", "HF transformers models/gpt_neox: rotary_emb_base 10000, rotate_half"}}});
            models.push_back({"llama-2-7b",
                              "Llama 2 7B",
                              32,
                              32,
                              128,
                              4096,
                              4096,
                              4096,
                              {},
                              whole(Scheme::rope, rope_settings(10000.0, RopePairing::half)),
                              {{"dModel, heads, base", "meta-llama/llama llama/model.py @689c7f2: ModelArgs dim 4096, n_heads 32; "
                                                       "precompute_freqs_cis theta 10000"},
                               {"trainedLength", "meta-llama/llama MODEL_CARD.md @689c7f2: context length 4k"},
                               {"pairing", "HF transformers models/llama: rotate_half (Meta's own code pairs interleaved)"}}});
            models.push_back(
                {"llama-3.1-8b",
                 "Llama 3.1 8B",
                 32,
                 32,
                 128,
                 4096,
                 8192,
                 131072,
                 {},
                 whole(Scheme::rope, rope_settings(500000.0, RopePairing::half, llama3_scaling(8, 1, 4, 8192))),
                 {{"dModel, heads, layers, base",
                   "meta-llama/llama-models models/sku_list.py: Llama 3.1 8B dim 4096, n_heads 32, n_layers 32, rope_theta "
                   "500000, use_scaled_rope"},
                  {"scaling, trainedLength",
                   "meta-llama/llama-models models/llama3/reference_impl/model.py: apply_scaling scale_factor 8, low_freq_factor "
                   "1, high_freq_factor 4, old_context_len 8192"},
                  {"contextLength", "meta-llama/llama-models models/llama3_1/eval_details.md @a9c89c4: 131072 tokens"},
                  {"pairing", "HF transformers models/llama: rotate_half"}}});
            {
                LayerGroup windowed{"all", "every layer: a sliding window of 4,096 keys", Scheme::rope};
                windowed.rope = rope_settings(10000.0, RopePairing::half);
                windowed.span = {AttentionSpanKind::sliding, 4096};
                models.push_back({"mistral-7b",
                                  "Mistral 7B (v0.1)",
                                  32,
                                  32,
                                  128,
                                  4096,
                                  32768,
                                  32768,
                                  {},
                                  {windowed},
                                  {{"base, headDim", "mistralai/mistral-inference mistral/rope.py @c18d5b9 (first release): theta 10000; "
                                                     "ModelArgs head_dim"},
                                   {"span", "mistralai/mistral-inference README.md @c18d5b9: a sliding window of 4K"},
                                   {"layers, heads, dModel, trainedLength",
                                    "huggingface.co/mistralai/Mistral-7B-v0.1 config.json: num_hidden_layers 32, num_attention_heads 32, "
                                    "hidden_size 4096, max_position_embeddings 32768, sliding_window 4096"}}});
            }
            {
                RopeScaling yarn{RopeScalingKind::yarn, 4.0, 32768};
                models.push_back(
                    {"qwen2.5-7b",
                     "Qwen2.5 7B",
                     28,
                     28,
                     128,
                     3584,
                     32768,
                     131072,
                     {},
                     whole(Scheme::rope, rope_settings(1000000.0, RopePairing::half, yarn)),
                     {{"layers, heads, dModel, base, trainedLength",
                       "huggingface.co/Qwen/Qwen2.5-7B-Instruct config.json: num_hidden_layers 28, num_attention_heads 28, "
                       "hidden_size 3584, rope_theta 1000000, max_position_embeddings 32768"},
                      {"scaling, contextLength",
                       "huggingface.co/Qwen/Qwen2.5-7B-Instruct README.md (Processing Long Texts): rope_scaling yarn factor 4, "
                       "original_max_position_embeddings 32768; context length 131,072"}}});
            }
            {
                LayerGroup local{"local", "local layers: a sliding window of 1,024 keys", Scheme::rope};
                local.rope = rope_settings(10000.0, RopePairing::half);
                local.span = {AttentionSpanKind::sliding, 1024};
                LayerGroup global{"global", "global layers (every 6th)", Scheme::rope, 6};
                global.rope = rope_settings(1000000.0, RopePairing::half, {RopeScalingKind::pi, 8.0, 0});
                models.push_back(
                    {"gemma-3-4b",
                     "Gemma 3 4B",
                     34,
                     8,
                     256,
                     2560,
                     32768,
                     131072,
                     {},
                     {local, global},
                     {{"layers, heads, headDim, dModel, span, groups, base, scaling",
                       "google-deepmind/gemma gemma/gm/nn/_gemma.py @7691fd4: Gemma3_4B (34 layers, 5 local : 1 global, "
                       "sliding_window_size 1024, local_base_frequency 10000, global_base_frequency 1000000, "
                       "global_scale_factor 8)"},
                      {"pairing", "google-deepmind/gemma gemma/gm/math/_positional_embeddings.py @7691fd4: first and second halves"},
                      {"trainedLength, contextLength", "Gemma 3 Technical Report (2025), section 5.3: pre-trained on 32K "
                                                       "sequences, then 128K by rescaling the global layers' RoPE"}}});
            }
            {
                RopeScaling longrope{RopeScalingKind::longrope, 32.0, 4096};
                longrope.short_factor.assign(phi3_short_factor.begin(), phi3_short_factor.end());
                longrope.long_factor.assign(phi3_long_factor.begin(), phi3_long_factor.end());
                models.push_back({"phi-3-mini-128k",
                                  "Phi-3-mini-128k",
                                  32,
                                  32,
                                  96,
                                  3072,
                                  4096,
                                  131072,
                                  {},
                                  whole(Scheme::rope, rope_settings(10000.0, RopePairing::half, longrope)),
                                  {{"layers, heads, dModel, base, trainedLength, contextLength, scaling",
                                    "huggingface.co/microsoft/Phi-3-mini-128k-instruct config.json as released (rope_scaling type \"su\"), "
                                    "copied in dotnet/machinelearning src/Microsoft.ML.GenAI.Phi/Resource/Config/"
                                    "phi-3-mini-128k-instruct-config.json @6d1f7e2; factor = max_position_embeddings / "
                                    "original_max_position_embeddings, as HF computes it"},
                                   {"pairing", "HF transformers models/phi3: rotate_half"}}});
            }
            {
                RopeScaling yarn{RopeScalingKind::yarn, 40.0, 4096};
                yarn.mscale = 1.0;
                yarn.mscale_all_dim = 1.0;
                LayerGroup mla{"all", "every layer: a 64-dimension rotary part beside a 128-dimension latent part", Scheme::rope};
                mla.rope = rope_settings(10000.0, RopePairing::interleaved, yarn);
                mla.latent_dims = 128;
                models.push_back(
                    {"deepseek-v3",
                     "DeepSeek-V3",
                     61,
                     128,
                     64,
                     7168,
                     4096,
                     131072,
                     {},
                     {mla},
                     {{"layers, heads, dModel, headDim, latentDims",
                       "deepseek-ai/DeepSeek-V3 inference/configs/config_671B.json @9b4e978: n_layers 61, n_heads 128, dim 7168, "
                       "qk_rope_head_dim 64, qk_nope_head_dim 128"},
                      {"base, scaling, trainedLength, pairing",
                       "deepseek-ai/DeepSeek-V3 inference/model.py @9b4e978: rope_theta 10000, rope_factor 40, original_seq_len "
                       "4096, beta_fast 32, beta_slow 1, mscale 1; view_as_complex pairs"},
                      {"scaling.mscaleAllDim", "huggingface.co/deepseek-ai/DeepSeek-V3 config.json: rope_scaling mscale_all_dim 1"},
                      {"contextLength", "deepseek-ai/DeepSeek-V3 README.md @9b4e978: context length 128K"}}});
            }
            {
                LayerGroup rope{"rope", "RoPE layers: chunks of 8,192 keys", Scheme::rope};
                rope.rope = rope_settings(500000.0, RopePairing::interleaved, llama3_scaling(16, 1, 1, 8192));
                rope.span = {AttentionSpanKind::chunked, 8192};
                LayerGroup nope{"nope", "NoPE layers (every 4th): every earlier key", Scheme::nope, 4};
                nope.temperature_floor = 8192;
                nope.temperature_scale = 0.1;
                models.push_back(
                    {"llama-4-scout",
                     "Llama 4 Scout",
                     48,
                     40,
                     128,
                     5120,
                     8192,
                     10485760,
                     {},
                     {rope, nope},
                     {{"groups, pairing, span, temperature",
                       "meta-llama/llama-models models/llama4/model.py @a9c89c4: nope_layer_interval, apply_rotary_emb "
                       "(view_as_complex), attention_chunk_size, attn_temperature_tuning (floor_scale 8192, attn_scale 0.1)"},
                      {"scaling, trainedLength", "meta-llama/llama-models models/llama4/args.py @a9c89c4: Scout "
                                                 "rope_scaling_factor 16, rope_high_freq_factor 1; model.py: old_context_len 8192"},
                      {"layers, heads, headDim, dModel, base, contextLength, span",
                       "huggingface.co/meta-llama/Llama-4-Scout-17B-16E config.json text_config: num_hidden_layers 48, "
                       "num_attention_heads 40, head_dim 128, hidden_size 5120, rope_theta 500000, max_position_embeddings "
                       "10485760, attention_chunk_size 8192"}}});
            }
            {
                LayerGroup rope{"rope", "RoPE layers", Scheme::rope};
                rope.rope = rope_settings(5000000.0, RopePairing::half);
                LayerGroup nope{"nope", "NoPE layers (every 4th)", Scheme::nope, 4};
                models.push_back(
                    {"smollm3-3b",
                     "SmolLM3 3B",
                     36,
                     16,
                     128,
                     2048,
                     65536,
                     65536,
                     {},
                     {rope, nope},
                     {{"layers, heads, dModel, base, trainedLength, pairing, groups",
                       "huggingface/smollm text/pretraining/smollm3/long_context_32k_to_64.yaml @a041759: num_hidden_layers 36, "
                       "num_attention_heads 16, hidden_size 2048, rope_theta 5000000, sequence_length 65536, rope_interleaved "
                       "false, no_rope_layer 4"}}});
            }
            {
                LayerGroup mrope{"all", "every layer: pairs turned by t, h and w", Scheme::rope};
                mrope.rope = rope_settings(1000000.0, RopePairing::half);
                mrope.rope.axes = RopeAxes::mrope;
                mrope.rope.mrope_section = {16, 24, 24};
                models.push_back(
                    {"qwen2-vl-7b",
                     "Qwen2-VL 7B",
                     28,
                     28,
                     128,
                     3584,
                     32768,
                     32768,
                     {},
                     {mrope},
                     {{"layers, heads, dModel, base, trainedLength, mropeSection",
                       "huggingface.co/Qwen/Qwen2-VL-7B-Instruct config.json: num_hidden_layers 28, num_attention_heads 28, "
                       "hidden_size 3584, rope_theta 1000000, max_position_embeddings 32768, rope_scaling mrope_section "
                       "[16, 24, 24]"},
                      {"rotaryAxes", "QwenLM/Qwen2-VL README.md @35ba6e1: M-ROPE, 1D text, 2D image and 3D video positions"}}});
            }
            return models;
        }
    }

    /// The presets, in the order lists show them.
    inline const std::vector<ModelPreset>& model_presets()
    {
        static const std::vector<ModelPreset> models = detail::build_model_presets();
        return models;
    }

    /// The presets' names, in order (for reading and listing them as any name is read).
    inline std::span<const std::string_view> model_names()
    {
        static const std::vector<std::string_view> names = [] {
            std::vector<std::string_view> list;
            for (const auto& model : model_presets()) list.push_back(model.name);
            return list;
        }();
        return names;
    }

    /// The 0-based layers of `group`: with period k the layers i with (i + 1) divisible by k; with
    /// period 0 every layer no periodic group of the model takes.
    inline std::vector<std::int64_t> group_layers(const ModelPreset& model, const LayerGroup& group)
    {
        const auto taken_by_periodic = [&](std::int64_t layer) {
            return std::any_of(model.groups.begin(), model.groups.end(),
                               [&](const LayerGroup& other) { return other.period > 0 && (layer + 1) % other.period == 0; });
        };
        std::vector<std::int64_t> layers;  // none when no source gives the layer count
        for (std::int64_t layer = 0; layer < model.layers; ++layer)
            if (group.period > 0 ? (layer + 1) % group.period == 0 : !taken_by_periodic(layer)) layers.push_back(layer);
        return layers;
    }

    /// The RoPE settings of `group` beside the model's sizes, for rope_beyond_trained.
    inline RopeBeyondOptions rope_beyond_options(const ModelPreset& model, const LayerGroup& group)
    {
        return {model.head_dim, group.rope, group.latent_dims, group.span, model.context_length};
    }
}
