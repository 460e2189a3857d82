"""The seed's numpy sinusoidal table, timed: the peer posenc is measured against.

Prints one JSON object: best and median milliseconds per dtype, and each dtype's largest
absolute difference from the float64 result.
"""
import json
import sys

import numpy as np

from timing import timed


def sinusoidal(n_positions, d_model, dtype=np.float64):
    # The seed card's code, with the dtype made explicit for the float32 run.
    pos = np.arange(n_positions, dtype=dtype)[:, None]
    i = np.arange(d_model // 2, dtype=dtype)[None, :]
    angle = pos / np.power(dtype(10000.0), (2 * i) / dtype(d_model))
    pe = np.zeros((n_positions, d_model), dtype=dtype)
    pe[:, 0::2] = np.sin(angle)
    pe[:, 1::2] = np.cos(angle)
    return pe


def main():
    n_positions, d_model, repeats = (int(a) for a in sys.argv[1:4])
    reference = sinusoidal(n_positions, d_model, np.float64)
    result = {"numpy": np.__version__}
    for dtype in (np.float64, np.float32):
        name = np.dtype(dtype).name
        result[name] = timed(lambda: sinusoidal(n_positions, d_model, dtype), repeats)
        result[name]["maxError"] = float(np.abs(sinusoidal(n_positions, d_model, dtype) - reference).max())
    print(json.dumps(result))


if __name__ == "__main__":
    main()
