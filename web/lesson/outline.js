// The lesson's outline: its steps in order, each with a stable id, a title and the shape of its
// prediction. Small on purpose: the router, the landing page and the stored-progress checks read
// it without loading the lesson itself (web/lesson/steps.js holds the text and the instruments).
// The URL counts steps from 1 (?view=lesson&step=4); stored progress names them by id, so a step
// can be reworded or moved without losing a learner's predictions.

/**
 * @typedef {{ kind: 'number', min: number, max: number } | { kind: 'choice', choices: string[] }} PredictionShape
 *   what a prediction may be: a number in [min, max], or one of the choice ids
 * @typedef {{ id: string, title: string, prediction: PredictionShape }} OutlineStep
 */

/** @type {readonly OutlineStep[]} */
export const LESSON_STEPS = Object.freeze([
  { id: 'why-position', title: 'Why position at all', prediction: { kind: 'number', min: 1, max: 201 } },
  { id: 'sinusoidal-clocks', title: 'Sinusoidal: many clocks at once', prediction: { kind: 'number', min: 0, max: 32 } },
  {
    id: 'sinusoidal-offsets',
    title: 'Offsets in the dot product, not in attention',
    prediction: { kind: 'choice', choices: ['same', 'moves', 'flattens', 'noise'] },
  },
  { id: 'learned-table', title: 'Learned tables: a row per index, and no more', prediction: { kind: 'number', min: 0, max: 2047 } },
  {
    id: 'rope-rotation',
    title: 'RoPE: rotate the query and the key',
    prediction: { kind: 'choice', choices: ['equal', 'far-lower', 'far-higher', 'unrelated'] },
  },
  { id: 'alibi-penalty', title: 'ALiBi: a penalty that grows with distance', prediction: { kind: 'number', min: 0, max: 8 } },
  { id: 't5-and-nope', title: 'T5 buckets and NoPE: nothing new far away', prediction: { kind: 'number', min: 0, max: 5000 } },
  { id: 'position-5000', title: 'Position 5,000 in a model trained to 2,048', prediction: { kind: 'number', min: 0, max: 256 } },
  { id: 'fluent-but-wrong', title: 'Fluent but wrong', prediction: { kind: 'number', min: 0, max: 100 } },
  { id: 'stretching-rope', title: 'Stretching RoPE: PI, NTK-aware and YaRN', prediction: { kind: 'choice', choices: ['none', 'pi', 'pi-yarn', 'all'] } },
]);

export const LESSON_STEP_IDS = Object.freeze(LESSON_STEPS.map((step) => step.id));
