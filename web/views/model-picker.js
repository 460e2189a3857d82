// "Model": Custom settings or one of the engine's real-model presets (posenc.models), by the
// names people know them by. Shared by the position, encodings and frequency views.
import { element } from '../dom.js';

/** The picker's value for custom settings (no preset). */
export const CUSTOM = '';

/**
 * @template {{ name: string, label: string }} M
 * @param {string} id  the select's id
 * @param {ReadonlyArray<M>} models  engine.models, or the part of it the view can show
 * @returns {{ select: HTMLSelectElement, label: HTMLLabelElement, find: (name: string | undefined) => M | undefined }}
 */
export function createModelPicker(id, models) {
  const select = /** @type {HTMLSelectElement} */ (
    element(
      'select',
      [
        element('option', ['Custom'], { attributes: { value: CUSTOM } }),
        ...models.map(({ name, label }) => element('option', [label], { attributes: { value: name } })),
      ],
      { id },
    )
  );
  const label = /** @type {HTMLLabelElement} */ (element('label', ['Model'], { attributes: { for: id } }));
  return { select, label, find: (name) => (name ? models.find((model) => model.name === name) : undefined) };
}

/**
 * The RoPE settings a preset's first RoPE layer group runs with, for rotating one index per token: M-RoPE gives a text token
 * the same t, h and w, which turns every pair as one index does. Empty for a preset without RoPE (or none).
 * Only the fields the one-index functions (rope, offsetSimilarity) read: they reject any other.
 * @param {{ groups: ReadonlyArray<{ rope?: object }> } | undefined} preset
 * @returns {Record<string, unknown>}
 */
export function sequenceRope(preset) {
  const rope = preset?.groups.find((group) => group.rope)?.rope;
  if (!rope) return {};
  // No rotaryAxes or mropeSection at all: one index per token is rope's default, and offsetSimilarity reads neither.
  const { rotaryAxes: _axes, mropeSection: _section, ...sequence } = /** @type {Record<string, unknown>} */ (rope);
  return sequence;
}
