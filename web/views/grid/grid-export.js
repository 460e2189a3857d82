// A grid experiment's run as the files "Export JSON" and "Export CSV" write, each with the settings
// that produced it: the experiment, the preset (size), the seed, L, the steps and the base.

/** The settings a run was made with, as the first fields of every export. */
function runSettings(run) {
  const { preset, seed } = run;
  return {
    experiment: preset.experiment,
    size: preset.name,
    seed,
    trainedLength: preset.trainer.trainedLength,
    steps: preset.steps,
    base: preset.trainer.base,
    task: preset.trainer.task,
  };
}

const plain = (value) => (ArrayBuffer.isView(value) ? Array.from(/** @type {any} */ (value)) : value);

/** JSON: the settings, the whole preset, and every model's result (typed arrays as plain lists). */
export function gridJson(run, results) {
  const serialisable = results.map((r) =>
    Object.fromEntries(
      Object.entries(r).map(([key, value]) => [
        key,
        typeof value === 'object' && value !== null && !ArrayBuffer.isView(value) && !Array.isArray(value)
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]))
          : plain(value),
      ]),
    ),
  );
  return JSON.stringify({ ...runSettings(run), preset: run.preset, results: serialisable }, null, 2);
}

const csvValue = (value) => (value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value)) ? '' : String(value));

/** CSV: one line per model and grid cell (passkey) or position bucket (hybrid), the settings on every line. */
export function gridCsv(run, results) {
  const settings = runSettings(run);
  const front = Object.keys(settings);
  const lines = [];
  if (run.preset.experiment === 'passkey') {
    lines.push([...front, 'scheme', 'layerPositions', 'depth', 'length', 'count', 'accuracy', 'confidence'].join(','));
    for (const r of results) {
      const { depths, lengths, count, accuracy, confidence } = r.grid;
      for (let i = 0; i < depths.length; i++)
        for (let j = 0; j < lengths.length; j++) {
          const c = i * lengths.length + j;
          const scored = count[c] > 0;
          lines.push(
            [
              ...front.map((k) => settings[k]),
              r.scheme,
              r.layerPositions,
              depths[i],
              lengths[j],
              count[c],
              scored ? accuracy[c] : '',
              scored ? confidence[c] : '',
            ]
              .map(csvValue)
              .join(','),
          );
        }
    }
  } else {
    lines.push([...front, 'scheme', 'layerPositions', 'bucketStart', 'bucketEnd', 'count', 'accuracy', 'confidence'].join(','));
    for (const r of results) {
      const b = r.evaluation.buckets;
      for (let k = 0; k < b.start.length; k++) {
        const scored = b.count[k] > 0;
        lines.push(
          [
            ...front.map((key) => settings[key]),
            r.scheme,
            r.layerPositions,
            b.start[k],
            b.end[k],
            b.count[k],
            scored ? b.accuracy[k] : '',
            scored ? b.confidence[k] : '',
          ]
            .map(csvValue)
            .join(','),
        );
      }
    }
  }
  return `${lines.join('\n')}\n`;
}
