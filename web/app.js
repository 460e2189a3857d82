// Wires the page: the engine, the heatmap, the position slider and the flash-card quiz.
import { loadPosenc } from './posenc.js';
import { createHeatmap } from './heatmap.js';
import { createVectorView } from './vector-view.js';
import { startQuiz } from './quiz/quiz-app.js';

const byId = (id) => document.getElementById(id);
const status = byId('status');
const D_MODEL = 64;
const HEATMAP_POSITIONS = 1024;

async function startEncodings() {
  const engine = await loadPosenc();
  const positions = Int32Array.from({ length: HEATMAP_POSITIONS }, (_, p) => p);
  const heatmap = createHeatmap(byId('heatmap'), engine.sinusoidal({ positions, dModel: D_MODEL }));
  const vectorView = createVectorView(byId('vector-bars'), byId('vector-values'));
  const slider = /** @type {HTMLInputElement} */ (byId('position'));

  const showPosition = () => {
    const p = Number(slider.value);
    byId('position-value').textContent = String(p);
    byId('vector-position').textContent = String(p);
    vectorView.show(engine.sinusoidal({ positions: [p], dModel: D_MODEL }).data);
    heatmap.draw(p);
  };
  slider.addEventListener('input', showPosition);
  slider.disabled = false;
  byId('d-model-label').textContent = String(D_MODEL);
  showPosition();
}

function reportFailure(what, error) {
  status.textContent = `${what} failed: ${error.message}`;
  status.classList.add('error');
  throw error;
}

Promise.all([
  startEncodings().catch((error) => reportFailure('Loading the engine', error)),
  startQuiz(byId('quiz')).catch((error) => reportFailure('Loading the quiz', error)),
]).then(() => {
  status.textContent = 'Engine ready.';
  document.documentElement.dataset.ready = 'true';
});
