// Shared by the node benchmark scripts: the built module (dist/) and the bench-only fill module,
// each loaded from its bytes, and the median-of-repeats timer.
import { readFile } from 'node:fs/promises';

const dist = new URL('../../dist/', import.meta.url);
const wasmOut = new URL('../../build/wasm-out/', import.meta.url);

export async function loadBenchModules() {
  const { loadPosenc } = await import(new URL('posenc.js', dist));
  const posenc = await loadPosenc({ wasmBinary: await readFile(new URL('posenc.wasm', dist)) });
  const { default: createFillModule } = await import(new URL('fill-bench.mjs', wasmOut));
  const fillModule = await createFillModule({ wasmBinary: await readFile(new URL('fill-bench.wasm', wasmOut)) });
  return { posenc, fillModule };
}

/** Best and median milliseconds of `repeats` calls, after untimed warm-up calls (at least 3 and
 * 300 ms): V8 first runs wasm and JS in a baseline tier and swaps in optimized code later, in the
 * background, so an unwarmed median can time the baseline. */
export function timed(run, repeats) {
  const warm = performance.now();
  for (let calls = 0; calls < 3 || performance.now() - warm < 300; calls++) run();
  const times = [];
  for (let r = 0; r < repeats; r++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { best: times[0], median: times[times.length >> 1] };
}
