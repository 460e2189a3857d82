"""Largest error of each float64 and float32 sinusoidal table from the exact closed form.

The float64 formula is itself rounded: base^(2i/d) and p / base^(2i/d) each round, and at p near
8,192 one ulp of the angle is 9.1e-13, so a float64 reference can be 1e-12 from the true sine and
cannot judge errors that small. Here the reference is computed in x87 extended precision (numpy's
longdouble: 64-bit significand), about 2,000 times finer. Reads the tables sinusoidal_wasm.mjs
wrote to DIR (posenc float64 and float32, plain JS) and computes numpy's own (the seed's code, and
writing into its own buffer); prints one JSON line of largest absolute errors.

Usage: sinusoidal_exact.py N D DIR
"""
import json
import os
import sys

import numpy as np

from sinusoidal_numpy import sinusoidal


def exact_table(n_positions, d_model):
    if np.finfo(np.longdouble).nmant < 63:
        sys.exit("sinusoidal_exact.py needs an 80-bit longdouble (x86-64)")
    pos = np.arange(n_positions, dtype=np.longdouble)[:, None]
    i = np.arange(d_model // 2, dtype=np.longdouble)[None, :]
    angle = pos / np.power(np.longdouble(10000), 2 * i / np.longdouble(d_model))
    table = np.empty((n_positions, d_model), dtype=np.longdouble)
    table[:, 0::2] = np.sin(angle)
    table[:, 1::2] = np.cos(angle)
    return table


def main():
    n_positions, d_model = int(sys.argv[1]), int(sys.argv[2])
    folder = sys.argv[3]
    exact = exact_table(n_positions, d_model)

    def error(table):
        return float(np.abs(table.astype(np.longdouble).reshape(exact.shape) - exact).max())

    def read(name, dtype):
        return np.fromfile(os.path.join(folder, name), dtype=dtype)

    print(
        json.dumps(
            {
                "posencFloat64": error(read("posenc-float64.bin", "<f8")),
                "posencFloat32": error(read("posenc-float32.bin", "<f4")),
                "plainJs": error(read("plain-js.bin", "<f8")),
                "numpyFloat64": error(sinusoidal(n_positions, d_model, np.float64)),
                "numpyFloat32": error(sinusoidal(n_positions, d_model, np.float32)),
                # The float32 closed form's own floor: the exact values rounded once to float32.
                "float32Rounding": error(exact.astype(np.float32)),
            }
        )
    )


if __name__ == "__main__":
    main()
