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


def sinusoidal_into(pe, angle_buffer, pos, inv_freq):
    """The same table written into a preallocated pe (numpy's out= arguments): no fresh memory per call."""
    np.multiply(pos, inv_freq, out=angle_buffer)
    np.sin(angle_buffer, out=pe[:, 0::2])
    np.cos(angle_buffer, out=pe[:, 1::2])
    return pe


def main():
    n_positions, d_model, repeats = (int(a) for a in sys.argv[1:4])
    reference = sinusoidal(n_positions, d_model, np.float64)
    result = {"numpy": np.__version__}
    for dtype in (np.float64, np.float32):
        name = np.dtype(dtype).name
        result[name] = timed(lambda: sinusoidal(n_positions, d_model, dtype), repeats)
        result[name]["maxError"] = float(np.abs(sinusoidal(n_positions, d_model, dtype) - reference).max())
        pe = np.zeros((n_positions, d_model), dtype=dtype)
        angle_buffer = np.empty((n_positions, d_model // 2), dtype=dtype)
        pos = np.arange(n_positions, dtype=dtype)[:, None]
        inv_freq = (1 / np.power(dtype(10000.0), np.arange(0, d_model, 2, dtype=dtype) / dtype(d_model)))[None, :]
        result[name + "Out"] = timed(lambda: sinusoidal_into(pe, angle_buffer, pos, inv_freq), repeats)
        result[name + "Out"]["maxError"] = float(np.abs(pe - reference).max())
    print(json.dumps(result))


if __name__ == "__main__":
    main()
