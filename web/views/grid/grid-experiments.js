// The two grid experiments as plug-ins of the model view's experiment section: each says what it
// is, which presets it has (presets(engine): engine is the trainer worker's 'ready' message, whose
// `grids` lists them), what the trainer worker is asked to do, and how its results are drawn. The section (grid-section.js, or the context-extension frame)
// owns the controls, the worker, progress and the export buttons.
import { element } from '../../dom.js';
import { fixed, int } from '../format.js';
import {
  FOUND,
  foundPerLength,
  hybridComparison,
  hybridExplanation,
  hybridFinding,
  passkeyExplanation,
  passkeyFinding,
  passkeyVersusPapers,
} from './grid-findings.js';
import { passkeyHeatmap } from './grid-heatmap.js';
import { gridCsv, gridJson } from './grid-export.js';
import { createScoreChart, scoreTable, showBuckets } from '../model-scores.js';

/**
 * @typedef {{ names: Record<string, { name: string, label: string }[]>, preset: any, seed: number }} RunContext
 * @typedef {{ onMessage: (data: any) => void, exportJson: () => string, exportCsv: () => string, results: () => any[], destroy: () => void }} Results
 */

const labelOf = (names, list, name) => names[list]?.find((entry) => entry.name === name)?.label ?? name;

/** A model's name for people: the scheme, or for two layers which layer carries it ("Layer 1: RoPE, layer 2: NoPE"). */
function runName(names, preset, { scheme, layerPositions }) {
  const scheme$ = labelOf(names, 'scheme', scheme);
  if (preset.trainer.nLayers === 1) return scheme$;
  const nope = labelOf(names, 'scheme', 'nope');
  const carries = (layer) => layerPositions === 'every' || (layerPositions === 'first' ? layer === 0 : layer === preset.trainer.nLayers - 1);
  return Array.from(
    { length: preset.trainer.nLayers },
    (_, layer) => `${layer === 0 ? 'Layer' : 'layer'} ${layer + 1}: ${carries(layer) ? scheme$ : nope}`,
  ).join(', ');
}

/** The summary across models: depths found per length (FOUND or more of their sequences right). */
function foundTable(results, names, preset) {
  if (results.length === 0) return element('div');
  const lengths = results[0].grid.lengths;
  const L = preset.trainer.trainedLength;
  return element(
    'table',
    [
      element('caption', [
        `Depths where the passkey is found (at least ${fixed(FOUND * 100, 0)}% of sequences right), of ${results[0].grid.depths.length}, per length`,
      ]),
      element('thead', [
        element('tr', [
          element('th', ['Model'], { attributes: { scope: 'col' } }),
          ...lengths.map((length) => element('th', [length === L ? `${int(length)} = L` : int(length)], { attributes: { scope: 'col' } })),
        ]),
      ]),
      element(
        'tbody',
        results.map((r) =>
          element('tr', [
            element('th', [runName(names, preset, r)], { attributes: { scope: 'row' } }),
            ...foundPerLength(r.grid).map((row) =>
              element('td', [`${row.found}/${row.scored}`], { attributes: { 'data-label': `length ${int(row.length)}` } }),
            ),
          ]),
        ),
      ),
    ],
    { className: 'compact grid-found' },
  );
}

/** The passkey experiment's results: a heatmap per model, its finding, and the table across models. */
function passkeyResults(container, { names, preset, seed }) {
  const results = [];
  const panels = element('div', [], { className: 'grid-panels' });
  const summary = element('div');
  const versus = element('p', [], { className: 'finding versus' });
  container.append(
    element(
      'p',
      [
        `Each cell is the share of ${int(preset.grid.sequences)} sequences where the model answers the passkey; blue is right, red is wrong, and the number is written in every cell. Depth 0 puts the key at the first token, depth 1 just before the question. Trained at L = ${int(preset.trainer.trainedLength)}; the columns past L are lengths it never saw.`,
      ],
      { className: 'help' },
    ),
    summary,
    versus,
    panels,
  );
  return {
    onMessage(data) {
      if (data.type !== 'gridResult') return;
      results.push(data);
      const name = runName(names, preset, data);
      const why = passkeyExplanation(data);
      panels.append(
        element(
          'section',
          [
            element('h4', [name]),
            element('div', [passkeyHeatmap(data.grid, { name, trainedLength: data.trainedLength })], { className: 'grid-scroll' }),
            element('p', [passkeyFinding(data)], { className: 'finding' }),
            ...(why ? [element('p', [why], { className: 'help why' })] : []),
          ],
          { className: 'model-panel grid-panel', attributes: { 'aria-label': name, 'data-scheme': data.scheme } },
        ),
      );
      summary.replaceChildren(foundTable(results, names, preset));
      versus.textContent = passkeyVersusPapers(results, (scheme) => labelOf(names, 'scheme', scheme));
    },
    exportJson: () => gridJson({ preset, seed }, results),
    exportCsv: () => gridCsv({ preset, seed }, results),
    results: () => results,
    destroy() {},
  };
}

/** The hybrid experiment's results: a chart per model (small multiples), its finding, a table, and the comparison. */
function hybridResults(container, { names, preset, seed }) {
  const results = [];
  const charts = [];
  const panels = element('div', [], { className: 'model-panels' });
  const table = element('div');
  const comparison = element('p', [], { className: 'finding' });
  const L = preset.trainer.trainedLength;
  container.append(
    element(
      'p',
      [
        `Two layers, trained at L = ${int(L)} to output the token right after a marker that sits in the first ${int(preset.trainer.offset)} positions, then asked up to ${int(preset.evaluation.length)}. Accuracy is the solid line, confidence the dashed one.`,
      ],
      { className: 'help' },
    ),
    comparison,
    panels,
    table,
  );
  const shown = (r) => ({ ...r.evaluation, scheme: r.scheme, layerPositions: r.layerPositions, task: preset.trainer.task, trainedLength: r.trainedLength });
  return {
    onMessage(data) {
      if (data.type !== 'gridResult') return;
      results.push(data);
      const r = shown(data);
      const name = runName(names, preset, data);
      const box = element('div', [], { className: 'chart small' });
      const why = hybridExplanation(r, preset.trainer.offset);
      panels.append(
        element(
          'section',
          [
            element('h4', [name]),
            box,
            element('p', [hybridFinding(r)], { className: 'finding' }),
            ...(why ? [element('p', [why], { className: 'help why' })] : []),
          ],
          { className: 'model-panel', attributes: { 'aria-label': name, 'data-scheme': data.scheme, 'data-layer-positions': data.layerPositions } },
        ),
      );
      const chart = createScoreChart(box, { name, trainedLength: L });
      showBuckets(chart, r.buckets);
      charts.push(chart);
      comparison.textContent = hybridComparison(results.map(shown));
      table.replaceChildren(scoreTable(results.map((x) => ({ ...shown(x), name: runName(names, preset, x) }))));
    },
    exportJson: () => gridJson({ preset, seed }, results),
    exportCsv: () => gridCsv({ preset, seed }, results),
    results: () => results,
    destroy() {
      for (const chart of charts) chart.destroy();
    },
  };
}

/**
 * The grid experiments, in the order a picker lists them. A plug-in: { id, label, summary,
 * presets(engine) -> the presets of the trainer worker's 'ready' message it offers, message({ size,
 * seed }) -> what the worker is sent, runName(names, preset, progress) -> the model a progress
 * message is about, createResults(container, { names, preset, seed }) -> Results }.
 */
export const gridExperiments = [
  {
    id: 'passkey',
    label: 'Passkey at any depth',
    summary: 'Each scheme learns to answer a passkey hidden at a random depth, then is asked at 11 depths and six lengths, from L/4 to 8L.',
    presets: (engine) => engine.grids.presets.filter((p) => p.experiment === 'passkey'),
    message: ({ size, seed }) => ({ type: 'grid', experiment: 'passkey', size, seed }),
    runName,
    createResults: passkeyResults,
  },
  {
    id: 'hybrid',
    label: 'RoPE and NoPE layers',
    summary:
      'A two-layer model with RoPE in both layers, in the first only, in the second only, or in neither, as Llama 4 and SmolLM3 mix RoPE and NoPE layers.',
    presets: (engine) => engine.grids.presets.filter((p) => p.experiment === 'hybrid'),
    message: ({ size, seed }) => ({ type: 'grid', experiment: 'hybrid', size, seed }),
    runName,
    createResults: hybridResults,
  },
];
