"""An independent reference for posenc's RoPE: inverse frequencies, attention factors and rotated
vectors as Hugging Face transformers computes them (modeling_rope_utils' _compute_*_parameters,
apply_rotary_pos_emb's rotate_half, Qwen2-VL's apply_multimodal_rotary_pos_emb) and as GPT-J
rotates (rotate_every_two), written again here in numpy float64 from those definitions.

It writes tests/reference/rope-vectors.json, which tests/js/rope-reference.test.mjs compares the
engine with (npm test never runs this script). Run it after changing a case, and commit both:

    /usr/bin/python3 tests/reference/rope_reference.py

The presets' cases start from the values their sources give (model-sources.json), mapped as the
models' configs are read (head_dim = hidden_size / heads, rotary dims = int(head_dim x fraction)).
"""
import json
import math
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


# --- inverse frequencies, one function per rope_type, each returning (inv_freq, attention_factor) ---

def powers(base, dim):
    """base ** (arange(0, dim, 2) / dim), the denominators of every kind."""
    return base ** (np.arange(0, dim, 2, dtype=np.float64) / dim)


def default(dim, base, s):
    return 1.0 / powers(base, dim), 1.0


def linear(dim, base, s):
    inv, _ = default(dim, base, s)
    return inv / s["factor"], 1.0


def ntk(dim, base, s):
    grown = base * s["factor"] ** (dim / (dim - 2))
    return 1.0 / powers(grown, dim), 1.0


def dynamic(dim, base, s, seq_len):
    original = s["trainedLength"]
    n = max(seq_len, original)
    grown = base * ((s["factor"] * n / original) - (s["factor"] - 1)) ** (dim / (dim - 2))
    return 1.0 / powers(grown, dim), 1.0


def mscale(scale, k=1.0):
    return 1.0 if scale <= 1 else 0.1 * k * math.log(scale) + 1.0


def yarn(dim, base, s):
    factor, original = s["factor"], s["trainedLength"]
    fast, slow = s.get("betaFast", 32), s.get("betaSlow", 1)
    if s.get("attentionFactor") is not None:
        attention = s["attentionFactor"]
    elif s.get("mscale") and s.get("mscaleAllDim"):
        attention = mscale(factor, s["mscale"]) / mscale(factor, s["mscaleAllDim"])
    else:
        attention = mscale(factor)
    pos = powers(base, dim)
    extrapolated, interpolated = 1.0 / pos, 1.0 / (factor * pos)
    if s.get("ramp", "dimension") == "ratio":
        # The paper: gamma(r) linear in r = L / wavelength between alpha = betaSlow and beta = betaFast.
        r = original * extrapolated / (2 * math.pi)
        kept = np.clip((r - slow) / (fast - slow), 0, 1)
    else:
        def correction(turns):
            return dim * math.log(original / (turns * 2 * math.pi)) / (2 * math.log(base))
        low, high = correction(fast), correction(slow)
        if s.get("truncate", True):
            low, high = math.floor(low), math.ceil(high)
        low, high = max(low, 0), min(high, dim - 1)
        if low == high:
            high += 0.001
        ramp = np.clip((np.arange(dim // 2, dtype=np.float64) - low) / (high - low), 0, 1)
        kept = 1 - ramp
    return interpolated * (1 - kept) + extrapolated * kept, attention


def llama3(dim, base, s):
    inv, _ = default(dim, base, s)
    factor, original = s["factor"], s["trainedLength"]
    low, high = s.get("lowFreqFactor", 1), s.get("highFreqFactor", 4)
    wavelength = 2 * math.pi / inv
    out = np.where(wavelength > original / low, inv / factor, inv)
    if high != low:
        smooth = (original / wavelength - low) / (high - low)
        medium = (wavelength >= original / high) & (wavelength <= original / low)
        out = np.where(medium, (1 - smooth) * out / factor + smooth * out, out)
    return out, 1.0


def longrope(dim, base, s, seq_len):
    factor, original = s["factor"], s["trainedLength"]
    if s.get("attentionFactor") is not None:
        attention = s["attentionFactor"]
    else:
        attention = 1.0 if factor <= 1 else math.sqrt(1 + math.log(factor) / math.log(original))
    factors = np.array(s["longFactor"] if seq_len > original else s["shortFactor"], dtype=np.float64)
    return 1.0 / (factors * powers(base, dim)), attention


# Each kind's inverse frequencies by posenc's name (HF's rope_type "linear" is pi; fixed NTK-aware has
# none of its own); each takes the sequence length, which only dynamic and longrope read.
KINDS = {
    "none": lambda dim, base, s, seq_len: default(dim, base, s),
    "pi": lambda dim, base, s, seq_len: linear(dim, base, s),
    "ntk": lambda dim, base, s, seq_len: ntk(dim, base, s),
    "dynamic": dynamic,
    "yarn": lambda dim, base, s, seq_len: yarn(dim, base, s),
    "llama3": lambda dim, base, s, seq_len: llama3(dim, base, s),
    "longrope": longrope,
}


def inverse_frequencies(dim, base, scaling, seq_len):
    return KINDS[scaling["kind"]](dim, base, scaling, seq_len)


def logit_factor(scaling):
    """DeepSeek's attention: softmax scale times mscale(factor, mscale_all_dim)^2 when it is set."""
    if scaling["kind"] == "yarn" and scaling.get("mscaleAllDim"):
        return mscale(scaling["factor"], scaling["mscaleAllDim"]) ** 2
    return 1.0


def rotary_dims(case):
    return int(case["headDim"] * case.get("rotaryFraction", 1.0))


def pair_frequencies(case, seq_len):
    """theta per rotary pair, in pair order; axial repeats the rot/2-dim frequencies for h and w."""
    rot = rotary_dims(case)
    axial = case.get("rotaryAxes") == "axial"
    inv, attention = inverse_frequencies(rot // 2 if axial else rot, case.get("base", 10000.0), case["scaling"], seq_len)
    if axial:
        inv = np.concatenate([inv, inv])
    return inv, attention


def pair_axes(case):
    pairs = rotary_dims(case) // 2
    axes = case.get("rotaryAxes", "sequence")
    if axes == "mrope":
        t, h, w = case["mropeSection"]
        return np.repeat([0, 1, 2], [t, h, w])
    if axes == "axial":
        return np.repeat([0, 1], [pairs // 2, pairs // 2])
    return np.zeros(pairs, dtype=int)


# --- rotations, as the libraries write them ---

def rotate_half(x):
    half = x.shape[-1] // 2
    return np.concatenate([-x[..., half:], x[..., :half]], axis=-1)


def rotate_every_two(x):
    out = np.empty_like(x)
    out[..., 0::2] = -x[..., 1::2]
    out[..., 1::2] = x[..., 0::2]
    return out


def rotate(case, x, positions):
    """x (rows, head_dim); positions (rows, coordinates). The first rotary dims rotate, the rest pass."""
    rot = rotary_dims(case)
    seq_len = int(positions.max()) + 1
    inv, _ = pair_frequencies(case, seq_len)
    axis = pair_axes(case)
    # angle of pair j at row r: the coordinate that turns pair j, times theta_j (HF's position_ids @ inv_freq)
    angles = positions[:, axis] * inv[None, :]
    x_rot, x_pass = x[:, :rot], x[:, rot:]
    if case.get("pairing", "interleaved") == "half":
        emb = np.concatenate([angles, angles], axis=-1)  # cos for dim j and j + rot/2 (HF: torch.cat((freqs, freqs)))
        rotated = x_rot * np.cos(emb) + rotate_half(x_rot) * np.sin(emb)
    else:
        emb = np.repeat(angles, 2, axis=-1)  # GPT-J: sin/cos repeat_interleave(2)
        rotated = x_rot * np.cos(emb) + rotate_every_two(x_rot) * np.sin(emb)
    return np.concatenate([rotated, x_pass], axis=-1)


# --- the cases ---

def frequency_cases():
    llama3_1 = {"kind": "llama3", "factor": 8.0, "trainedLength": 8192, "lowFreqFactor": 1.0, "highFreqFactor": 4.0}
    cases = [
        {"name": "none, head 64", "headDim": 64, "base": 10000.0, "scaling": {"kind": "none"}},
        {"name": "base 10^7, head 128", "headDim": 128, "base": 1.0e7, "scaling": {"kind": "none"}},
        {"name": "pi s 4", "headDim": 64, "base": 10000.0, "scaling": {"kind": "pi", "factor": 4.0}},
        {"name": "ntk s 2.44", "headDim": 64, "base": 10000.0, "scaling": {"kind": "ntk", "factor": 5000 / 2048}},
        {"name": "yarn code form s 4 L 2048", "headDim": 64, "base": 10000.0, "scaling": {"kind": "yarn", "factor": 4.0, "trainedLength": 2048}},
        {"name": "yarn paper form s 4 L 2048", "headDim": 64, "base": 10000.0,
         "scaling": {"kind": "yarn", "factor": 4.0, "trainedLength": 2048, "ramp": "ratio"}},
        {"name": "yarn without truncation (gpt-oss style)", "headDim": 64, "base": 150000.0,
         "scaling": {"kind": "yarn", "factor": 32.0, "trainedLength": 4096, "truncate": False}},
        {"name": "yarn betas 16/2 and an attention factor", "headDim": 128, "base": 500000.0,
         "scaling": {"kind": "yarn", "factor": 8.0, "trainedLength": 8192, "betaFast": 16.0, "betaSlow": 2.0, "attentionFactor": 1.25}},
        {"name": "yarn DeepSeek mscale 0.707 / 1", "headDim": 64, "base": 10000.0,
         "scaling": {"kind": "yarn", "factor": 40.0, "trainedLength": 4096, "mscale": 0.707, "mscaleAllDim": 1.0}},
        {"name": "llama3 Llama 3.1", "headDim": 128, "base": 500000.0, "scaling": llama3_1},
        {"name": "llama3 band 2 to 8, base 10^6", "headDim": 64, "base": 1.0e6,
         "scaling": {"kind": "llama3", "factor": 16.0, "trainedLength": 4096, "lowFreqFactor": 2.0, "highFreqFactor": 8.0}},
        {"name": "dynamic at the trained length", "headDim": 64, "base": 10000.0,
         "scaling": {"kind": "dynamic", "factor": 4.0, "trainedLength": 2048}, "sequenceLength": 2048},
        {"name": "dynamic at 5,000", "headDim": 64, "base": 10000.0,
         "scaling": {"kind": "dynamic", "factor": 4.0, "trainedLength": 2048}, "sequenceLength": 5000},
        {"name": "dynamic at 2^21", "headDim": 128, "base": 500000.0,
         "scaling": {"kind": "dynamic", "factor": 2.0, "trainedLength": 8192}, "sequenceLength": 2 ** 21},
        {"name": "partial rotary 0.25 of 96 (GPT-NeoX)", "headDim": 96, "base": 10000.0, "rotaryFraction": 0.25, "scaling": {"kind": "none"}},
        {"name": "partial rotary 0.5 of 80 with yarn", "headDim": 80, "base": 10000.0, "rotaryFraction": 0.5,
         "scaling": {"kind": "yarn", "factor": 4.0, "trainedLength": 2048}},
        {"name": "axial 2D, head 80", "headDim": 80, "base": 10000.0, "rotaryAxes": "axial", "scaling": {"kind": "none"}},
        {"name": "M-RoPE 16/24/24", "headDim": 128, "base": 1.0e6, "rotaryAxes": "mrope", "mropeSection": [16, 24, 24],
         "scaling": {"kind": "none"}},
    ]
    return cases + preset_frequency_cases()


def preset_frequency_cases():
    """Each RoPE preset's settings, derived from model-sources.json as its config is read."""
    with open(os.path.join(HERE, "model-sources.json")) as f:
        sources = json.load(f)["models"]

    def values(name):
        merged = {}
        for record in sources[name]:
            merged.update(record["values"])
        return merged

    cases = []
    v = values("gpt-j-6b")
    head = v["d_model"] // v["n_heads"]
    cases.append({"model": "gpt-j-6b", "headDim": head, "base": float(v["base"]), "pairing": v["pairing"],
                  "rotaryFraction": v["pe_rotary_dims"] / head, "scaling": {"kind": "none"}})
    v = values("gpt-neox-20b")
    cases.append({"model": "gpt-neox-20b", "headDim": v["hidden_size"] // v["num_attention_heads"], "base": float(v["rotary_emb_base"]),
                  "pairing": v["pairing"], "rotaryFraction": v["rotary_pct"], "scaling": {"kind": "none"}})
    v = values("llama-2-7b")
    cases.append({"model": "llama-2-7b", "headDim": v["dim"] // v["n_heads"], "base": v["theta"], "pairing": v["pairing"],
                  "scaling": {"kind": "none"}})
    v = values("llama-3.1-8b")
    cases.append({"model": "llama-3.1-8b", "headDim": v["dim"] // v["n_heads"], "base": v["rope_theta"], "pairing": v["pairing"],
                  "scaling": {"kind": "llama3", "factor": float(v["scale_factor"]), "trainedLength": v["old_context_len"],
                              "lowFreqFactor": float(v["low_freq_factor"]), "highFreqFactor": float(v["high_freq_factor"])}})
    v = values("mistral-7b")
    cases.append({"model": "mistral-7b", "headDim": v["hidden_size"] // v["num_attention_heads"], "base": v["theta"],
                  "pairing": v["pairing"], "scaling": {"kind": "none"}})
    v = values("qwen2.5-7b")
    cases.append({"model": "qwen2.5-7b", "headDim": v["hidden_size"] // v["num_attention_heads"], "base": v["rope_theta"],
                  "pairing": v["pairing"], "scaling": {"kind": "yarn", "factor": v["rope_scaling.factor"],
                                                        "trainedLength": v["rope_scaling.original_max_position_embeddings"]}})
    v = values("gemma-3-4b")
    cases.append({"model": "gemma-3-4b", "layerGroup": "local", "headDim": v["head_dim"], "base": float(v["local_base_frequency"]),
                  "pairing": v["pairing"], "scaling": {"kind": "none"}})
    cases.append({"model": "gemma-3-4b", "layerGroup": "global", "headDim": v["head_dim"], "base": float(v["global_base_frequency"]),
                  "pairing": v["pairing"], "scaling": {"kind": "pi", "factor": v["global_scale_factor"]}})
    v = values("phi-3-mini-128k")
    longrope_scaling = {"kind": "longrope", "factor": v["max_position_embeddings"] / v["original_max_position_embeddings"],
                        "trainedLength": v["original_max_position_embeddings"], "shortFactor": v["rope_scaling.short_factor"],
                        "longFactor": v["rope_scaling.long_factor"]}
    for seq_len in (v["original_max_position_embeddings"], v["original_max_position_embeddings"] + 1):
        cases.append({"model": "phi-3-mini-128k", "headDim": v["hidden_size"] // v["num_attention_heads"], "base": v["rope_theta"],
                      "pairing": v["pairing"], "scaling": longrope_scaling, "sequenceLength": seq_len})
    v = values("deepseek-v3")
    cases.append({"model": "deepseek-v3", "headDim": v["qk_rope_head_dim"], "base": v["rope_theta"], "pairing": v["pairing"],
                  "scaling": {"kind": "yarn", "factor": float(v["rope_factor"]), "trainedLength": v["original_seq_len"],
                              "betaFast": float(v["beta_fast"]), "betaSlow": float(v["beta_slow"]), "mscale": v["mscale"],
                              "mscaleAllDim": v["rope_scaling.mscale_all_dim"]}})
    v = values("llama-4-scout")
    cases.append({"model": "llama-4-scout", "layerGroup": "rope", "headDim": v["head_dim"], "base": v["rope_theta"], "pairing": v["pairing"],
                  "scaling": {"kind": "llama3", "factor": float(v["rope_scaling_factor"]), "trainedLength": v["old_context_len"],
                              "lowFreqFactor": float(v["low_freq_factor"]), "highFreqFactor": float(v["rope_high_freq_factor"])}})
    v = values("smollm3-3b")
    cases.append({"model": "smollm3-3b", "layerGroup": "rope", "headDim": v["hidden_size"] // v["num_attention_heads"], "base": v["rope_theta"],
                  "pairing": "interleaved" if v["rope_interleaved"] else "half", "scaling": {"kind": "none"}})
    v = values("qwen2-vl-7b")
    cases.append({"model": "qwen2-vl-7b", "headDim": v["hidden_size"] // v["num_attention_heads"], "base": v["rope_theta"],
                  "pairing": v["pairing"], "rotaryAxes": "mrope", "mropeSection": v["rope_scaling.mrope_section"], "scaling": {"kind": "none"}})
    for case in cases:
        case["name"] = case["model"] + (f" ({case['layerGroup']} layers)" if "layerGroup" in case else "") + \
            (f" at sequence length {case['sequenceLength']}" if "sequenceLength" in case else "")
    return cases


def rotation_cases():
    big = [0, 1, 2, 3, 700, 4095, 4096, 200000, 2 ** 21 - 1, 2 ** 21]
    return [
        {"name": "half pairing (apply_rotary_pos_emb), head 64", "headDim": 64, "base": 10000.0, "pairing": "half", "scaling": {"kind": "none"},
         "positions": big},
        {"name": "interleaved (rotate_every_two), head 64", "headDim": 64, "base": 10000.0, "pairing": "interleaved", "scaling": {"kind": "none"},
         "positions": big},
        {"name": "Llama 3.1 settings, half", "headDim": 128, "base": 500000.0, "pairing": "half",
         "scaling": {"kind": "llama3", "factor": 8.0, "trainedLength": 8192, "lowFreqFactor": 1.0, "highFreqFactor": 4.0}, "positions": big},
        {"name": "GPT-J partial 64 of 256, interleaved", "headDim": 256, "base": 10000.0, "pairing": "interleaved", "rotaryFraction": 0.25,
         "scaling": {"kind": "none"}, "positions": [0, 5, 2047, 2048, 100000]},
        {"name": "GPT-NeoX partial 24 of 96, half", "headDim": 96, "base": 10000.0, "pairing": "half", "rotaryFraction": 0.25,
         "scaling": {"kind": "none"}, "positions": [0, 5, 2047, 2048, 100000]},
        {"name": "yarn code form, half", "headDim": 64, "base": 10000.0, "pairing": "half",
         "scaling": {"kind": "yarn", "factor": 4.0, "trainedLength": 2048}, "positions": [1, 2048, 8191, 65536]},
        {"name": "dynamic, interleaved (length from the positions)", "headDim": 32, "base": 10000.0, "pairing": "interleaved",
         "scaling": {"kind": "dynamic", "factor": 2.0, "trainedLength": 1024}, "positions": [0, 10, 1500, 3000]},
        {"name": "M-RoPE (t, h, w), Qwen2-VL sections", "headDim": 128, "base": 1.0e6, "pairing": "half", "rotaryAxes": "mrope",
         "mropeSection": [16, 24, 24], "scaling": {"kind": "none"},
         "positions": [[0, 0, 0], [5, 5, 5], [6, 6, 7], [6, 7, 6], [6, 7, 7], [40, 12, 31], [200000, 200000, 200000]]},
        {"name": "2D axial (h, w), image grid", "headDim": 80, "base": 10000.0, "pairing": "half", "rotaryAxes": "axial",
         "scaling": {"kind": "none"}, "positions": [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2], [13, 27]]},
    ]


def number(x):
    return float(repr(float(x))) if math.isfinite(x) else str(x)


def main():
    rng = np.random.default_rng(20260101)
    out = {"generator": "tests/reference/rope_reference.py, numpy " + np.__version__, "frequencies": [], "rotations": []}
    for case in frequency_cases():
        seq_len = case.get("sequenceLength", 1)
        inv, attention = pair_frequencies(case, seq_len)
        out["frequencies"].append({**case, "expected": {"frequencies": [number(v) for v in inv], "attentionFactor": number(attention),
                                                        "logitFactor": number(logit_factor(case["scaling"])),
                                                        "pairAxis": [int(a) for a in pair_axes(case)], "rotaryDims": rotary_dims(case)}})
    for case in rotation_cases():
        positions = np.array(case["positions"], dtype=np.float64)
        if positions.ndim == 1:
            positions = positions[:, None]
        x = rng.standard_normal((positions.shape[0], case["headDim"]))
        rotated = rotate(case, x, positions)
        out["rotations"].append({**case, "positions": [number(v) for v in positions.reshape(-1)], "x": [number(v) for v in x.reshape(-1)],
                                 "expected": [number(v) for v in rotated.reshape(-1)]})
    with open(os.path.join(HERE, "rope-vectors.json"), "w") as f:  # a case a line
        f.write('{"generator": ' + json.dumps(out["generator"]) + ",\n")
        for key in ("frequencies", "rotations"):
            f.write(f' "{key}": [\n  ' + ",\n  ".join(json.dumps(case, separators=(",", ":")) for case in out[key]) + "\n ]"
                    + (",\n" if key == "frequencies" else "\n"))
        f.write("}\n")
    print(f"wrote {len(out['frequencies'])} frequency cases and {len(out['rotations'])} rotation cases")


if __name__ == "__main__":
    main()
