// A context-extension run as "Export JSON" and "Export CSV" write it, each with its settings.

/** The settings of a run: experiment, size, seed, L, target, s and the fine-tune budget. */
function runSettings({ preset, seed }) {
  return {
    experiment: preset.experiment,
    size: preset.name,
    seed,
    trainedLength: preset.trainedLength,
    targetLength: preset.targetLength,
    factor: preset.targetLength / preset.trainedLength,
    steps: preset.steps,
    batchSize: preset.batchSize,
    learningRate: preset.learningRate,
  };
}

const plain = (value) => (ArrayBuffer.isView(value) ? Array.from(/** @type {any} */ (value)) : value);
const plainObject = (value) => Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));

/** JSON: the settings, the preset and every kind's result (typed arrays as plain lists). */
export function extensionJson(run, results) {
  const serialisable = results.map(({ type: _type, ...r }) => ({ ...r, losses: plain(r.losses), buckets: plainObject(r.buckets) }));
  return JSON.stringify({ ...runSettings(run), preset: run.preset, results: serialisable }, null, 2);
}

const csvValue = (value) => (typeof value === 'number' && !Number.isFinite(value) ? '' : String(value));

/** CSV: one line per kind and position bucket, the settings on every line; an unscored bucket has empty scores. */
export function extensionCsv(run, results) {
  const settings = runSettings(run);
  const front = Object.keys(settings);
  const lines = [[...front, 'kind', 'attentionFactor', 'bucketStart', 'bucketEnd', 'count', 'accuracy', 'confidence'].join(',')];
  for (const r of results) {
    const { start, end, count, accuracy, confidence } = r.buckets;
    for (let b = 0; b < count.length; b++) {
      const scored = count[b] > 0;
      lines.push(
        [
          ...front.map((k) => settings[k]),
          r.kind,
          r.attentionFactor,
          start[b],
          end[b],
          count[b],
          scored ? accuracy[b] : Number.NaN,
          scored ? confidence[b] : Number.NaN,
        ]
          .map(csvValue)
          .join(','),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
