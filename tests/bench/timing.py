"""Shared by the Python peers: best and median wall time of repeated calls, in milliseconds."""
import time


def timed(function, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {"best": times[0], "median": times[len(times) // 2]}
