// The two context-extension experiments as plug-ins of the model view's experiment section
// (grid-section.js describes the shape): the shipped RoPE model, trained at L = 2,048, stretched
// to a target length with each scaling kind, with no fine-tune or after a short one.
import { element } from '../../dom.js';
import { fixed, int } from '../format.js';
import { createScoreChart, scoreTable, showBuckets } from '../model-scores.js';
import { shippedModels } from '../trained-models.js';
import { extensionCsv, extensionJson } from './extension-export.js';
import { kindFinding, versusPapers } from './extension-findings.js';

/** A scaling kind's name for people, as a heading or the start of a sentence: "No scaling", "Dynamic NTK". */
const kindLabel = (names, kind) => {
  if (kind === 'none') return 'No scaling';
  const label = names?.scalingKind?.find((entry) => entry.name === kind)?.label ?? kind;
  return label.charAt(0).toUpperCase() + label.slice(1);
};

/** The results of one run: a chart per scaling kind (small multiples), its finding, the papers' shapes, a table. */
function extensionResults(container, { names, preset, seed }) {
  const results = [];
  const charts = [];
  const versus = element('div', [], { className: 'extension-versus' });
  const panels = element('div', [], { className: 'model-panels' });
  const table = element('div');
  const budget =
    preset.steps > 0
      ? ` Each kind is first fine-tuned for ${int(preset.steps)} steps of ${int(preset.batchSize)} sequence${preset.batchSize === 1 ? '' : 's'} of ${int(preset.targetLength)} tokens (the shipped model trained for ${int(preset.originalSteps)} steps: this is ${fixed((100 * preset.steps) / preset.originalSteps, 0)}% of that budget), with the scaling in every pass.`
      : ' Nothing is trained: the same weights are asked with each scaling.';
  container.append(
    element(
      'p',
      [
        `The RoPE model shipped with the page, trained at L = ${int(preset.trainedLength)}, asked up to ${int(preset.targetLength)} (s = ${fixed(preset.targetLength / preset.trainedLength, 0)}) with each scaling kind.${budget} Accuracy is the solid line, confidence the dashed one; the shaded band is where confidence stands above accuracy.`,
      ],
      { className: 'help' },
    ),
    versus,
    panels,
    table,
    element(
      'p',
      ['The papers measured perplexity of 7B models (under Published results above), not this toy’s accuracy: compare the shapes, never the numbers.'],
      { className: 'help' },
    ),
  );
  const labelOf = (kind) => kindLabel(names, kind);
  return {
    onMessage(data) {
      if (data.type !== 'extensionResult') return;
      results.push(data);
      const name = labelOf(data.kind);
      const box = element('div', [], { className: 'chart small' });
      panels.append(
        element('section', [element('h4', [name]), box, element('p', [kindFinding(data, name)], { className: 'finding' })], {
          className: 'model-panel',
          attributes: { 'aria-label': name, 'data-kind': data.kind },
        }),
      );
      const chart = createScoreChart(box, { name, trainedLength: data.trainedLength, gap: true });
      showBuckets(chart, data.buckets);
      charts.push(chart);
      versus.replaceChildren(...versusPapers(results, labelOf).map((text) => element('p', [text], { className: 'finding' })));
      table.replaceChildren(scoreTable(results.map((r) => ({ ...r, name: labelOf(r.kind) }))));
    },
    exportJson: () => extensionJson({ preset, seed }, results),
    exportCsv: () => extensionCsv({ preset, seed }, results),
    results: () => results,
    destroy() {
      for (const chart of charts) chart.destroy();
    },
  };
}

/** The presets of `experiment` from the worker's 'ready' message, with what the page states about them. */
const presetsOf = (experiment) => (engine) => {
  const shipped = engine.training.presets.find((p) => p.name === 'positionModels');
  return engine.extension.presets
    .filter((p) => p.experiment === experiment)
    .map((p) => ({ ...p, trainedLength: shipped.trainer.trainedLength, originalSteps: shipped.steps }));
};

/** The worker's message: the experiment on the shipped RoPE model's weights (the model the presets describe). */
const messageFor =
  (experiment) =>
  async ({ size, seed }) => {
    const { models } = await shippedModels();
    return { type: 'extension', experiment, size, seed, parameters: models.get('rope').parameters };
  };

const describe = (preset, seed) =>
  `${preset.description}; target ${int(preset.targetLength)} tokens${preset.steps > 0 ? `, seed ${seed} (the seed above) for the fine-tune` : ''}.`;

/** Experiments 1 and 2 of context extension, in the order the picker lists them. */
export const extensionExperiments = [
  {
    id: 'scaling',
    label: 'Context extension: scaling only',
    summary:
      'The shipped RoPE model, trained at L, asked up to 8L with no scaling, Position Interpolation, NTK-aware, YaRN, dynamic NTK and Llama 3’s scaling, without any fine-tune.',
    presets: presetsOf('scaling'),
    message: messageFor('scaling'),
    runName: (names, _preset, data) => kindLabel(names, data.kind),
    describe,
    doneText: (count) => `${count} scalings scored`,
    createResults: extensionResults,
  },
  {
    id: 'finetune',
    label: 'Context extension: short fine-tune',
    summary: 'The same six scalings, each first fine-tuned briefly at 8L with the scaling in every pass, then asked the same way.',
    presets: presetsOf('finetune'),
    message: messageFor('finetune'),
    runName: (names, _preset, data) => kindLabel(names, data.kind),
    describe,
    doneText: (count) => `${count} scalings fine-tuned and scored`,
    createResults: extensionResults,
  },
];
