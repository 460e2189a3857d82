// Each lesson step's live instrument: the views' own parts (the toy attention row, the heatmap,
// the line charts, a position-view column with its pair strip, the trainer) set to the step's
// settings, with the step's few controls. Every change recomputes from the engine and rewrites
// the step's "what to notice" line from the same numbers (web/lesson/readings.js).
import { element, tableHead } from '../dom.js';
import { createHeatmapView } from '../views/heatmap-view.js';
import { createLineChart } from '../views/line-chart.js';
import { drawPairStrip } from '../views/pair-strip.js';
import { describeScheme } from '../views/scheme-verdicts.js';
import { pairFigure } from '../views/pair-figure.js';
import { fieldProblem, readWholeNumber } from '../views/field-check.js';
import { fixed, int } from '../views/format.js';
import { nameLabel } from '../views/labels.js';
import { drawAttentionSparkline } from '../views/sparkline.js';
import { reusedBuffers } from '../views/reused-buffers.js';
import { modelsInUse, onModelsChange } from '../views/trained-models.js';
import { probeCaption } from '../views/trained-row.js';
import { taskDescription } from '../views/model-tasks.js';
import { MAX_OFFSET, REFERENCE_P, TRAINED, readings } from './readings.js';
import { choiceOptions, stepSettings } from './steps.js';
import { figure } from './figure.js';
import { createTraining } from './training-instrument.js';

/** The controls of a step: a number box with a slider per position, a <select> per choice. */
function createControls(step, onInput, names) {
  const { positions = [], choices = [] } = step.instrument;
  const boxes = new Map();
  const sliders = new Map();
  const problems = new Map();
  const selects = new Map();
  const fields = [];
  for (const { name, label, min, max } of positions) {
    const box = element('input', [], { id: `lesson-${name}`, attributes: { type: 'number', min: String(min), max: String(max), step: '1' } });
    const slider = element('input', [], {
      id: `lesson-${name}-range`,
      attributes: { type: 'range', min: String(min), max: String(max), step: '1', 'aria-label': `${label} (slider)` },
    });
    const problem = fieldProblem(box);
    boxes.set(name, box);
    sliders.set(name, slider);
    problems.set(name, problem);
    box.addEventListener('change', () => onInput(true));
    slider.addEventListener('input', () => {
      box.value = slider.value;
      onInput(false);
    });
    slider.addEventListener('change', () => onInput(true));
    fields.push(element('div', [element('label', [label], { attributes: { for: box.id } }), box, slider, problem.message], { className: 'control wide' }));
  }
  for (const choice of choices) {
    const { name, label } = choice;
    const options = choiceOptions(choice, names);
    const select = element(
      'select',
      options.map(([value, text]) => element('option', [text], { attributes: { value: String(value) } })),
      { id: `lesson-${name}` },
    );
    select.addEventListener('change', () => onInput(true));
    selects.set(name, { select, options });
    fields.push(element('div', [element('label', [label], { attributes: { for: select.id } }), select], { className: 'control' }));
  }
  const form = element('form', fields, { className: 'controls', attributes: { 'aria-label': 'Settings of this instrument' } });
  form.addEventListener('submit', (event) => event.preventDefault());
  return {
    form,
    /** The controls' values, or null while a number box holds something its range refuses (said beside it). */
    read() {
      const values = {};
      for (const [name, { select, options }] of selects) values[name] = options.find(([value]) => String(value) === select.value)[0];
      for (const { name, label, min, max, below } of positions) {
        const read = readWholeNumber(boxes.get(name).value, { name: label, min, max: below === undefined ? max : Math.min(max, values[below] - 1) });
        if ('problem' in read) {
          problems.get(name).show(read.problem);
          return null;
        }
        problems.get(name).clear();
        values[name] = read.value;
      }
      return values;
    },
    write(settings) {
      for (const { name, max, below } of positions) {
        const top = String(below === undefined ? max : Math.min(max, settings[below] - 1));
        boxes.get(name).max = top;
        sliders.get(name).max = top;
      }
      for (const [name, box] of boxes) {
        if (document.activeElement !== box) box.value = String(settings[name]);
        sliders.get(name).value = String(settings[name]);
        sliders.get(name).setAttribute('aria-valuetext', int(settings[name]));
        problems.get(name).clear();
      }
      for (const [name, { select }] of selects) select.value = String(settings[name]);
    },
  };
}

/**
 * One bar per key, its height the attention weight (linear, so equal weights look equal); the keys
 * in `marked` drawn over them in the highlight colour at their own height. With more keys than
 * pixel columns, a column shows the largest weight among its keys.
 */
function drawWeightBars(canvas, weights, marked) {
  const context = canvas.getContext('2d');
  const { width, height } = canvas;
  const styles = getComputedStyle(canvas);
  const top = Math.max(...weights);
  const columns = Math.min(width, weights.length);
  const slot = width / columns;
  const bar = (column, weight) => {
    const barHeight = Math.max(1, (weight / top) * (height - 4));
    context.fillRect(column * slot, height - barHeight, Math.max(1, slot - (slot > 3 ? 1 : 0)), barHeight);
  };
  context.clearRect(0, 0, width, height);
  context.fillStyle = styles.getPropertyValue('--spark-fill').trim();
  for (let column = 0; column < columns; column++) {
    let peak = 0;
    for (let key = Math.floor((column * weights.length) / columns); key < Math.floor(((column + 1) * weights.length) / columns); key++)
      peak = Math.max(peak, weights[key]);
    bar(column, peak);
  }
  context.fillStyle = styles.getPropertyValue('--out-of-range').trim();
  for (const key of marked) bar(Math.floor((key * columns) / weights.length), weights[key]);
}

/** Draws each kind of instrument into `host` and returns draw(settings) -> the numbers it drew. */
const kinds = {
  attention(host, engine) {
    const bufferFor = reusedBuffers(); // its rows, reused as the controls move
    const canvas = element('canvas', [], { className: 'lesson-weights', attributes: { width: '800', height: '120', role: 'img' } });
    const caption = element('span', []);
    host.append(figure([canvas], caption));
    return (settings) => {
      const m = readings['why-position'].measure(engine, settings, undefined, bufferFor);
      drawWeightBars(canvas, m.weights, new Set(m.group));
      canvas.setAttribute(
        'aria-label',
        `Attention weight of each key 0 to ${int(settings.p)} for the query at ${int(settings.p)}, ${m.label}; the keys holding one token marked`,
      );
      caption.textContent = `Each key's attention weight, keys 0 to ${int(settings.p)} left to right (largest ${fixed(m.peak.weight)}, on key ${int(m.peak.index)}); orange: the ${m.group.length} keys holding one token.`;
      return m;
    };
  },

  heatmap(host, engine) {
    const bufferFor = reusedBuffers(); // its rows, reused as the controls move
    const canvas = element('canvas', [], { attributes: { width: '1024', height: '256', role: 'img' } });
    const marker = element('div', [], { className: 'heatmap-marker', attributes: { 'aria-hidden': 'true' } });
    const caption = element('span', []);
    host.append(figure([element('div', [canvas, marker], { className: 'heatmap-frame' })], caption, 'heatmap-figure'));
    let shown = null; // the table drawn, by d and n: moving p only moves the marker
    return (settings) => {
      const key = `${settings.d}:${settings.n}`;
      if (shown?.key !== key) {
        const m = readings['sinusoidal-clocks'].measure(engine, settings, undefined, bufferFor);
        shown = { key, m, heatmap: createHeatmapView(canvas, marker, m.table, 1) };
        canvas.setAttribute('aria-label', `Heatmap of the sinusoidal encoding: positions 0 to ${int(settings.n - 1)} by dimensions 0 to ${settings.d - 1}`);
      }
      shown.heatmap.draw(settings.p);
      caption.textContent = `Position 0 to ${int(settings.n - 1)} left to right, dimension 0 at the top; blue −1, red +1. The line marks p${settings.p < settings.n ? '' : ' (outside this range)'}.`;
      return shown.m;
    };
  },

  offsets(host, engine, step) {
    const bufferFor = reusedBuffers(); // its rows, reused as the controls move
    const box = element('div', [], { className: 'chart', id: 'lesson-offsets' });
    const rotary = step.instrument.scheme === 'rope';
    host.append(
      figure(
        [box],
        rotary
          ? 'RoPE score of one fixed random q and k over the offset δ, from two starting positions (the second dashed).'
          : 'Dot product of two sinusoidal encodings (d = 64) over the offset δ, from two starting positions (the second dashed).',
      ),
    );
    const chart = createLineChart(box, {
      xLabel: 'offset δ',
      yLabel: rotary ? 'score' : 'dot product',
      title: rotary ? 'RoPE score versus offset' : 'PE(p)·PE(p+δ) versus offset',
    });
    const x = Array.from({ length: MAX_OFFSET + 1 }, (_, delta) => delta);
    return (settings) => {
      const m = readings[step.id].measure(engine, settings, undefined, bufferFor);
      chart.show(x, [
        { label: `from p = ${int(REFERENCE_P)}`, values: m.reference },
        { label: `from p = ${int(settings.p)}`, values: m.chosen, dash: [6, 4] },
      ]);
      return m;
    };
  },

  column(host, engine, step, refresh) {
    const bufferFor = reusedBuffers(); // its rows, reused as the controls move
    const column = element('section', [], { className: `scheme-column lesson-column` });
    const title = element('h4', []);
    const verdict = element('p', [], { className: 'scheme-verdict' });
    const strip = pairFigure(`lesson-${step.id}-pairs`);
    const body = element('div', [], { className: 'scheme-body' });
    const extra = element('div', []);
    column.append(title, verdict, strip.figure, body, extra);
    host.append(column);
    const trained = step.instrument.trained ? createTrainedRow(column, engine, refresh) : null;
    return (settings) => {
      const scheme = settings.scheme ?? step.instrument.scheme;
      const m = readings[step.id].measure(engine, settings, trained?.models(), bufferFor);
      const state = {
        p: settings.p,
        L: TRAINED.L,
        d: TRAINED.dModel,
        headDim: TRAINED.headDim,
        overflow: settings.overflow ?? 'clamp',
        scaling: settings.scaling ?? 'none',
      };
      const shown = describeScheme[scheme](m.result, state, m.results?.none ?? null, engine.names);
      const schemeName = nameLabel(engine.names.scheme, scheme);
      title.textContent =
        scheme === 'rope' && state.scaling !== 'none' ? `${schemeName} with ${nameLabel(engine.names.scalingKind, state.scaling)}` : schemeName;
      verdict.textContent = shown.verdict;
      body.replaceChildren(...shown.body);
      strip.figure.hidden = !shown.pairs;
      if (shown.pairs) strip.label(shown.pairs.angleAtP.length, drawPairStrip(strip.canvas, shown.pairs));
      if (m.results) extra.replaceChildren(scalingTable(m.results, engine.names));
      trained?.draw(m, settings.p);
      return m;
    };
  },

  buckets(host, engine) {
    const box = element('div', [], { className: 'chart', id: 'lesson-buckets' });
    host.append(
      figure(
        [box],
        `T5 bucket of each distance from 0 to ${int(MAX_OFFSET - 1)} (32 buckets, maximum distance 128; every longer distance is in the last one).`,
      ),
    );
    const chart = createLineChart(box, { xLabel: 'distance', yLabel: 'bucket', title: 'T5 bucket versus distance' });
    const column = element('section', [element('h4', [nameLabel(engine.names.scheme, 't5')])], { className: 'scheme-column lesson-column' });
    const verdict = element('p', [], { className: 'scheme-verdict' });
    const body = element('div', [], { className: 'scheme-body' });
    column.append(verdict, body);
    host.append(column);
    let drawn = false;
    return (settings) => {
      const m = readings['t5-and-nope'].measure(engine, settings);
      if (!drawn) chart.show(m.distances, [{ label: 'bucket', values: m.buckets }]);
      drawn = true;
      const shown = describeScheme.t5(m.result, { p: settings.p });
      verdict.textContent = shown.verdict;
      body.replaceChildren(...shown.body);
      return m;
    };
  },
};

/**
 * The trained model's attention row under a column, as the position view draws it: the models in
 * use (shipped, or the learner's) load once, and again when they change; refresh() redraws the step.
 */
function createTrainedRow(column, engine, refresh) {
  const status = element('p', ['Loading the trained model…'], { className: 'task-note' });
  const spark = element('canvas', [], { className: 'sparkline', attributes: { width: '320', height: '60', role: 'img' } });
  const caption = element('figcaption', []);
  const figure = element('figure', [spark, caption], { className: 'attention' });
  column.append(element('section', [element('h5', ['The toy model trained to L = 2,048, asked at p']), status, figure], { className: 'trained-model' }));
  let models = null;
  const load = () =>
    modelsInUse().then(
      (set) => {
        models = set;
        refresh();
      },
      (error) => {
        status.textContent = `The trained models could not be loaded (${error.message}).`;
      },
    );
  load();
  onModelsChange(load);
  return {
    models: () => models,
    /** Draws the probe in `m` (readings' measure), or says why there is none. */
    draw(m, p) {
      figure.hidden = !m.asked || Boolean(m.asked.problem);
      if (!models) return;
      if (!m.asked) {
        status.textContent = 'No trained model for this scheme.';
        return;
      }
      status.textContent = m.asked.problem ?? `Trained on “${nameLabel(engine.names.task, m.model.task)}”: ${taskDescription(m.model.task, m.preset.trainer)}`;
      if (m.asked.problem) return;
      drawAttentionSparkline(spark, m.asked.mean, [
        { index: m.asked.peak.index, colour: '--peak-mark', dash: [4, 3] },
        { index: m.asked.probe.answerPosition, colour: '--answer-mark' },
      ]);
      spark.setAttribute('aria-label', `The trained model's attention of query ${int(p)} over keys 0 to ${int(p)}`);
      caption.textContent = probeCaption(m.asked, p);
    },
  };
}

/** The out-of-range count of every RoPE scaling at the same p, as a small table. */
function scalingTable(results, names) {
  return element(
    'table',
    [
      element('caption', ['Pairs outside the trained angles, per scaling']),
      tableHead(['Scaling', 'Pairs outside', 'Attention factor']),
      element(
        'tbody',
        Object.entries(results).map(([kind, result]) =>
          element('tr', [
            element('th', [nameLabel(names.scalingKind, kind)], { attributes: { scope: 'row' } }),
            element('td', [`${result.outOfRangeCount} of ${result.pairs.wavelength.length}`]),
            element('td', [fixed(result.attentionFactor)]),
          ]),
        ),
      ),
    ],
    { className: 'compact' },
  );
}

/**
 * A step's instrument: controls and a drawing, redrawn from the engine on every change.
 * @param {import('./steps.js').Step} step
 * @param {*} engine  web/posenc.js
 * @param {{ notice: (text: string) => void, onChange: (settings: Record<string, unknown>, commit: boolean) => void }} hooks
 *   notice: the "what to notice" line for the numbers drawn; onChange: the learner moved a control
 * @returns {{ root: HTMLElement, show: (settings: Record<string, unknown>) => void, answerFrom?: () => Promise<any>, destroy: () => void }}
 */
export function createInstrument(step, engine, { notice, onChange }) {
  const drawing = element('div', [], { className: 'lesson-drawing' });
  let settings = stepSettings(step, {}, engine.names);
  let redraw = () => {};
  const controls = createControls(
    step,
    (commit) => {
      const values = controls.read();
      if (!values) return;
      settings = stepSettings(step, values, engine.names);
      if (commit) controls.write(settings); // a new range n moves the position's bound
      redraw();
      onChange(settings, commit);
    },
    engine.names,
  );
  const root = element('div', [controls.form, drawing], { className: 'lesson-instrument-body' });
  const instrument = {
    root,
    show(next) {
      settings = stepSettings(step, next, engine.names);
      controls.write(settings);
      redraw();
    },
    destroy() {},
  };

  if (step.instrument.kind === 'training') {
    const training = createTraining(drawing, engine.names);
    redraw = () => {
      training.show(settings.scheme, notice);
    };
    training.button.addEventListener('click', redraw);
    // The step's answer comes from the sinusoidal model's run.
    return { ...instrument, answerFrom: () => training.run('sinusoidal'), destroy: () => training.destroy() };
  }

  const drawFor = kinds[step.instrument.kind](drawing, engine, step, () => redraw());
  redraw = () => {
    try {
      notice(readings[step.id].notice(drawFor(settings), settings));
    } catch (error) {
      if (!(error instanceof RangeError || error instanceof TypeError)) throw error;
      notice(`The engine refused these settings: ${error.message}`);
    }
  };
  return instrument;
}
