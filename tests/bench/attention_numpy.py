"""numpy peer of attention_row.mjs: the attention row at query 5,000 over 5,001 keys (dModel 64) per
scheme, written as a numpy user would (float64, every key projected: K = X Wk^T), on the inputs of
attention_inputs.mjs (the same generator, so the same numbers). Prints one JSON line: best and
median milliseconds per scheme, and each row's expected key (sum of j w_j) to check against JS.

Usage: attention_numpy.py REPEATS
"""
import json
import sys

import numpy as np

from timing import timed

D, P, VOCABULARY, TRAINED, BUCKETS, MAX_DISTANCE = 64, 5000, 64, 2048, 32, 128
SCHEMES = ("learned", "sinusoidal", "rope", "alibi", "t5", "nope")


def inputs():
    """attention_inputs.mjs's numbers: Park and Miller's generator, uniform in (-1, 1), in its order."""
    seed = 1

    def uniforms(count):
        nonlocal seed
        values = np.empty(count)
        for i in range(count):
            seed = seed * 16807 % 2147483647
            values[i] = seed / 2147483647 * 2 - 1
        return values

    embedding = uniforms(VOCABULARY * D).reshape(VOCABULARY, D)
    wq = (uniforms(D * D) / np.sqrt(D)).reshape(D, D)
    wk = (uniforms(D * D) / np.sqrt(D)).reshape(D, D)
    learned = (uniforms(TRAINED * D) * 0.02).reshape(TRAINED, D)
    t5_bias = uniforms(BUCKETS)
    tokens = np.minimum(VOCABULARY - 1, np.floor((uniforms(P + 1) + 1) / 2 * VOCABULARY)).astype(np.int64)
    return embedding, wq, wk, learned, t5_bias, tokens


def t5_buckets(distance):
    exact = BUCKETS // 2
    safe = np.maximum(distance, 1)
    log_bucket = exact + np.floor(np.log(safe / exact) / np.log(MAX_DISTANCE / exact) * (BUCKETS - exact)).astype(np.int64)
    return np.where(distance < exact, distance, np.minimum(BUCKETS - 1, log_bucket))


def rotate(v, positions):
    """RoPE with interleaved pairs: v is (n, D), positions (n,)."""
    angle = positions[:, None] * 10000.0 ** (-np.arange(0, D, 2) / D)[None, :]
    cos, sin = np.cos(angle), np.sin(angle)
    out = np.empty_like(v)
    out[:, 0::2] = v[:, 0::2] * cos - v[:, 1::2] * sin
    out[:, 1::2] = v[:, 0::2] * sin + v[:, 1::2] * cos
    return out


def attention_row(scheme, embedding, wq, wk, learned, t5_bias, tokens):
    j = np.arange(P + 1)
    x = embedding[tokens]
    if scheme == "sinusoidal":
        angle = j[:, None] / 10000.0 ** (np.arange(0, D, 2) / D)[None, :]
        signal = np.empty((P + 1, D))
        signal[:, 0::2], signal[:, 1::2] = np.sin(angle), np.cos(angle)
        x = x + signal
    if scheme == "learned":
        x = x + learned[np.minimum(j, TRAINED - 1)]
    q = wq @ x[P]
    k = x @ wk.T
    if scheme == "rope":
        q = rotate(q[None, :], np.array([float(P)]))[0]
        k = rotate(k, j.astype(np.float64))
    logits = k @ q / np.sqrt(D)
    if scheme == "alibi":
        logits -= 0.5 * (P - j)
    if scheme == "t5":
        logits += t5_bias[t5_buckets(P - j)]
    weights = np.exp(logits - logits.max())
    return weights / weights.sum()


def main():
    repeats = int(sys.argv[1])
    data = inputs()
    result = {}
    for scheme in SCHEMES:
        result[scheme] = timed(lambda: attention_row(scheme, *data), repeats)
        result[scheme]["expectedKey"] = float(attention_row(scheme, *data) @ np.arange(P + 1))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
