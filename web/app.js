// Wires the page: the engine, the heatmap, the position slider and the flash card.
import { loadPosenc } from './posenc.js';
import { createHeatmap } from './heatmap.js';
import { createVectorView } from './vector-view.js';
import { createCardView } from './card.js';
import { loadDeck } from './deck.js';

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

async function startCard() {
  const view = createCardView({
    card: byId('card'), flip: byId('card-flip'), topic: byId('card-topic'),
    question: byId('card-question'), back: byId('card-back'), keyPoints: byId('card-key-points'),
  });
  const deck = await loadDeck('core');
  view.show(deck.cards[0]);
}

function reportFailure(what, error) {
  status.textContent = `${what} failed: ${error.message}`;
  status.classList.add('error');
  throw error;
}

Promise.all([
  startEncodings().catch((error) => reportFailure('Loading the engine', error)),
  startCard().catch((error) => reportFailure('Loading the deck', error)),
]).then(() => {
  status.textContent = 'Engine ready.';
  document.documentElement.dataset.ready = 'true';
});
