"""numpy peers of kernels_wasm.mjs: RoPE applied to 5001 x 128 and the ALiBi bias 8 x 2048 x 2048,
written as a numpy user would (float64). Prints one JSON line of best and median milliseconds.

Usage: kernels_numpy.py REPEATS
"""
import json
import sys

import numpy as np

from timing import timed


def rope(x, base=10000.0):
    n, d = x.shape
    theta = base ** (-np.arange(0, d, 2, dtype=np.float64) / d)
    angle = np.arange(n, dtype=np.float64)[:, None] * theta[None, :]
    cos, sin = np.cos(angle), np.sin(angle)
    out = np.empty_like(x)
    out[:, 0::2] = x[:, 0::2] * cos - x[:, 1::2] * sin
    out[:, 1::2] = x[:, 0::2] * sin + x[:, 1::2] * cos
    return out


def alibi(heads, length):
    slopes = 2.0 ** (-8.0 * np.arange(1, heads + 1) / heads)
    distance = np.arange(length)[:, None] - np.arange(length)[None, :]
    bias = -slopes[:, None, None] * distance[None, :, :]
    bias[:, distance < 0] = -np.inf
    return bias


def main():
    repeats = int(sys.argv[1])
    x = np.random.default_rng(1).uniform(-1, 1, (5001, 128))
    print(json.dumps({"rope": timed(lambda: rope(x), repeats), "alibi": timed(lambda: alibi(8, 2048), max(5, min(repeats, 7)))}))


if __name__ == "__main__":
    main()
