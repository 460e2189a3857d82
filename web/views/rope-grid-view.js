// "Image positions": how a vision-language model's RoPE places an image patch. Qwen2-VL's M-RoPE
// gives each patch a position (t, h, w) and turns three sections of the frequency pairs by t, h
// and w; 2D axial RoPE turns half the pairs by h and half by w. Pick a patch (click, or arrow
// keys on the grid) and a frame t: the engine rotates (1, 0) per pair by that position, and the
// view reads each pair's angle back from the rotated vector.
import { element, tableHead } from '../dom.js';
import { fixed, int, sci } from './format.js';
import { nameLabel } from './labels.js';
import { viewIntro } from './view-intro.js';
import { IMAGE_GRID } from '../router.js';
import { reusedBuffers } from './reused-buffers.js';

/** @typedef {{ t: number, h: number, w: number, axes: import('../posenc.js').RotaryAxes }} GridState  axes: 'mrope' or 'axial' (names.rotaryAxes) */

/** The coordinate each axis index of ropeFrequencies' pairAxis stands for, per layout. */
const COORDINATES = { mrope: ['t', 'h', 'w'], axial: ['h', 'w'] };
const GRID_MODEL = 'qwen2-vl-7b';
const CELL = 18;

/**
 * @param {HTMLElement} container
 * @param {import('../posenc.js').Posenc} engine
 * @param {(state: GridState, commit: boolean) => void} onChange
 */
export function createRopeGridView(container, engine, onChange) {
  const bufferFor = reusedBuffers(); // the rotated probe, reused as the patch moves
  let state = /** @type {GridState} */ ({ t: 0, h: 3, w: 5, axes: 'mrope' });
  const model = engine.models.find(({ name }) => name === GRID_MODEL);
  const rope = model.groups[0].rope;
  const headDim = model.headDim;
  const layouts = engine.names.rotaryAxes.filter(({ name }) => name in COORDINATES);

  const layoutSelect = /** @type {HTMLSelectElement} */ (
    element(
      'select',
      layouts.map(({ name, label }) => element('option', [label], { attributes: { value: name } })),
      { id: 'grid-axes' },
    )
  );
  const frameInput = /** @type {HTMLInputElement} */ (
    element('input', [], { id: 'grid-t', attributes: { type: 'range', min: '0', max: String(IMAGE_GRID.frames - 1), step: '1' } })
  );
  const frameText = element('output', [], { attributes: { for: 'grid-t' } });
  const canvas = /** @type {HTMLCanvasElement} */ (
    element('canvas', [], {
      className: 'patch-grid',
      attributes: { width: String(IMAGE_GRID.cols * CELL), height: String(IMAGE_GRID.rows * CELL), 'aria-hidden': 'true' },
    })
  );
  const gridBox = element('div', [canvas], {
    className: 'patch-grid-box',
    id: 'grid-patches',
    attributes: {
      tabindex: '0',
      role: 'application',
      'aria-label': `Image of ${IMAGE_GRID.rows} × ${IMAGE_GRID.cols} patches: arrow keys move the chosen patch, Home and End go to a row's ends`,
    },
  });
  const chosen = element('p', [], { className: 'scheme-verdict', id: 'grid-position', attributes: { 'aria-live': 'polite' } });
  const noticeText = element('span', []);
  const notice = element('p', [element('strong', ['What to notice: ']), noticeText], { className: 'notice-line', id: 'grid-notice' });
  const sectionBody = element('tbody', []);
  const sections = element(
    'table',
    [
      element('caption', ['What each section of the pairs encodes at this patch']),
      tableHead(['Section', 'Pairs', 'Turned by', 'Fastest pair per step', "Fastest pair's angle", "Slowest pair's angle"]),
      sectionBody,
    ],
    { className: 'compact', id: 'grid-sections' },
  );
  const controls = element(
    'form',
    [
      element('div', [element('label', ['Layout'], { attributes: { for: layoutSelect.id } }), layoutSelect], { className: 'control' }),
      element('div', [element('label', ['Frame t'], { attributes: { for: frameInput.id } }), frameInput, frameText], { className: 'control' }),
    ],
    { className: 'controls', attributes: { 'aria-label': 'Layout and frame' } },
  );
  controls.addEventListener('submit', (event) => event.preventDefault());

  container.append(
    ...viewIntro({
      view: 'grid',
      heading: 'Where an image patch sits',
      lede: `A vision-language model cuts an image into patches and gives each a position in two or three coordinates instead of one index. The frequencies are ${model.label}'s (head dimension ${int(headDim)}, base ${int(rope.base)}); pick a patch and a frame.`,
    }),
    controls,
    element('div', [gridBox, element('div', [chosen, notice], { className: 'grid-readout' })], { className: 'grid-layout' }),
    sections,
  );

  /** Each pair's angle in [0, 2π) at (t, h, w), read off the engine's rotation of (1, 0) (half pairing: pair j is dims j and j + D/2). */
  function anglesAt(position) {
    const x = new Float64Array(headDim);
    x.fill(1, 0, headDim / 2);
    const settings = { ...rope, rotaryAxes: state.axes };
    const coordinates = state.axes === 'axial' ? [position.h, position.w] : [position.t, position.h, position.w];
    const rotated = engine.rope({ x, positions: coordinates, ...settings, out: bufferFor('rotated', Float64Array, headDim) }).data;
    const half = headDim / 2;
    return Array.from({ length: half }, (_, j) => {
      const angle = Math.atan2(rotated[j + half], rotated[j]);
      return angle < 0 ? angle + 2 * Math.PI : angle;
    });
  }

  function draw() {
    const ctx = canvas.getContext('2d');
    const styles = getComputedStyle(container);
    const ink = styles.color,
      accent = styles.getPropertyValue('--accent').trim() || '#0969da',
      line = styles.getPropertyValue('--line').trim() || '#d0d7de';
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.strokeStyle = line;
    for (let h = 0; h < IMAGE_GRID.rows; h++) for (let w = 0; w < IMAGE_GRID.cols; w++) ctx.strokeRect(w * CELL + 0.5, h * CELL + 0.5, CELL - 1, CELL - 1);
    ctx.fillStyle = accent;
    ctx.fillRect(state.w * CELL + 2, state.h * CELL + 2, CELL - 4, CELL - 4);
    ctx.strokeStyle = ink;
    ctx.strokeRect(state.w * CELL + 0.5, state.h * CELL + 0.5, CELL - 1, CELL - 1);
  }

  function render() {
    const { pairAxis, frequencies } = engine.ropeFrequencies({ headDim, ...rope, rotaryAxes: state.axes });
    const angles = anglesAt(state);
    const names = COORDINATES[state.axes];
    const value = { t: state.t, h: state.h, w: state.w };
    const layout = nameLabel(engine.names.rotaryAxes, state.axes);
    chosen.textContent =
      state.axes === 'axial'
        ? `Patch at row ${int(state.h)}, column ${int(state.w)}: position (h, w) = (${state.h}, ${state.w}). 2D axial RoPE has no frame coordinate.`
        : `Patch at row ${int(state.h)}, column ${int(state.w)} of frame ${int(state.t)}: position (t, h, w) = (${state.t}, ${state.h}, ${state.w}).`;
    sectionBody.replaceChildren(
      ...names.map((coordinate, axis) => {
        const pairs = Array.from(pairAxis.keys()).filter((j) => pairAxis[j] === axis);
        return element('tr', [
          element('th', [`${coordinate} section`], { attributes: { scope: 'row' } }),
          element('td', [`${pairs[0]}–${pairs[pairs.length - 1]} (${pairs.length})`]),
          element('td', [`${coordinate} = ${value[coordinate]}`]),
          element('td', [`${sci(frequencies[pairs[0]], 3)} rad`]),
          element('td', [`${fixed(angles[pairs[0]], 3)} rad`]),
          element('td', [`${fixed(angles[pairs[pairs.length - 1]], 3)} rad`]),
        ]);
      }),
    );
    // Which pairs a step to the right, down, or to the next frame turns: computed by asking the engine at the neighbour.
    const moved = (step) => {
      const next = anglesAt({ ...state, ...step });
      return next.filter((angle, j) => Math.abs(angle - angles[j]) > 1e-12).length;
    };
    const right = moved({ w: state.w + 1 }),
      down = moved({ h: state.h + 1 }),
      later = moved({ t: state.t + 1 });
    // The sections take consecutive pairs, so the last one gets the slowest frequencies.
    const firstOf = (axis) => pairAxis.indexOf(axis);
    const last = names.length - 1;
    const speeds = ` The ${names[last]} section holds the slowest pairs: its fastest turns ${sci(frequencies[firstOf(last)], 3)} rad per step of ${names[last]}, against ${sci(frequencies[firstOf(0)], 3)} rad per step of ${names[0]}.`;
    noticeText.textContent =
      `${layout}: one patch to the right turns ${right} of ${angles.length} pairs, one patch down ${down}`
      + (state.axes === 'axial' ? '; the frame changes nothing, as 2D axial RoPE has no time axis.' : `, the next frame ${later}.`)
      + ' Each step moves only its own section, so the model can tell a step across from a step down, which one flat index of the patches in reading order cannot.'
      + speeds;
    frameText.textContent = `t = ${state.t}`;
    frameInput.disabled = state.axes === 'axial';
    draw();
  }

  function sync() {
    layoutSelect.value = state.axes;
    frameInput.value = String(state.t);
    frameInput.setAttribute('aria-valuetext', `frame ${state.t}`);
  }
  const set = (next, commit = true) => {
    state = { ...state, ...next };
    sync();
    render();
    onChange(state, commit);
  };

  layoutSelect.addEventListener('change', () => set({ axes: /** @type {GridState['axes']} */ (layoutSelect.value) }));
  frameInput.addEventListener('input', () => set({ t: Number(frameInput.value) }, false));
  frameInput.addEventListener('change', () => set({ t: Number(frameInput.value) }));
  canvas.addEventListener('click', (event) => {
    const box = canvas.getBoundingClientRect();
    const w = Math.floor(((event.clientX - box.left) / box.width) * IMAGE_GRID.cols);
    const h = Math.floor(((event.clientY - box.top) / box.height) * IMAGE_GRID.rows);
    set({ h: Math.min(IMAGE_GRID.rows - 1, Math.max(0, h)), w: Math.min(IMAGE_GRID.cols - 1, Math.max(0, w)) });
  });
  gridBox.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = {
      ArrowLeft: { w: state.w - 1 },
      ArrowRight: { w: state.w + 1 },
      ArrowUp: { h: state.h - 1 },
      ArrowDown: { h: state.h + 1 },
      Home: { w: 0 },
      End: { w: IMAGE_GRID.cols - 1 },
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = { h: Math.min(IMAGE_GRID.rows - 1, Math.max(0, move.h ?? state.h)), w: Math.min(IMAGE_GRID.cols - 1, Math.max(0, move.w ?? state.w)) };
    set(next);
  });

  return {
    /** Shows `next` (from a link or history); a layout the engine does not list keeps the current one. */
    show(next) {
      const settings = { ...next };
      if (!layouts.some(({ name }) => name === settings.axes)) delete settings.axes;
      state = { ...state, ...settings };
      sync();
      render();
    },
    get state() {
      return state;
    },
  };
}
