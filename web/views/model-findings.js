// One sentence per trained scheme that its own numbers support: whether it learned the task,
// and what happened past the trained length. Nothing here is a claim the run did not measure.
import { fixed, int } from './format.js';

const LEARNED = 0.9;         // in-distribution accuracy that counts as having learned the task
const HOLDS = 0.9;           // beyond/in-distribution ratio that counts as holding up
const OVERCONFIDENT = 0.2;   // confidence above accuracy by this much is "fluent but wrong"

/**
 * @param {{ scheme: string, overflow: string | null, trainedLength: number, inDistribution: { accuracy: number },
 *           beyond: { accuracy: number, confidence: number, count: number }, unavailable?: string }} result
 */
export function findingFor(result) {
  const inside = result.inDistribution.accuracy;
  const { accuracy, confidence, count } = result.beyond;
  if (!(inside >= LEARNED)) return `Did not learn the task within the trained length (accuracy ${fixed(inside, 2)}), so its behaviour past L says little.`;
  if (count === 0) {
    return result.unavailable
      ? `No row past L: the table has rows 0 to ${int(result.trainedLength - 1)} only and the 'error' policy refuses later positions, so the model cannot run there at all.`
      : 'No positions past L were evaluated.';
  }
  if (accuracy >= HOLDS * inside) return `Holds up past L: accuracy ${fixed(accuracy, 2)} against ${fixed(inside, 2)} inside.`;
  if (confidence - accuracy >= OVERCONFIDENT)
    return `Fluent but wrong past L: it stays confident (mean probability ${fixed(confidence, 2)}) while accuracy falls to ${fixed(accuracy, 2)}.`;
  return `Degrades past L and knows it: accuracy ${fixed(accuracy, 2)}, confidence ${fixed(confidence, 2)}.`;
}
