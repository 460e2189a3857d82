// Wires the page: the view tabs and the URL, links between views (with a way back), the landing
// page, the quiz, the lesson and the engine-driven views, each started the first time it is shown
// (the first view loads only what it needs).
import './valid-language.js'; // first: modules that load after it may read navigator.language
import { startQuiz } from './quiz/quiz-app.js';
import { browserStorage } from './quiz/progress-store.js';
import { VIEW_NAMES, cancelPendingLocation, queryFor, readLocation, writeLocation } from './router.js';
import { applyTheme, startEmbedKit, startEmbedMode } from './embed-mode.js';
import { startLmsReporting } from './lms.js';
import { createHomeView } from './home-view.js';
import { int } from './views/format.js';

const byId = (id) => document.getElementById(id);
const status = byId('status');
let enginePromise;
// The engine (glue and wasm) loads on first use: the flash cards do not need it to start.
const getEngine = () => (enginePromise ??= import('./posenc.js').then(({ loadPosenc }) => loadPosenc()));

/** Tab names that follow a view's settings: the position tab names the p it shows. */
const tabNames = { position: (settings) => `Position ${int(settings.p)}` };
function nameTab(view, settings) {
  const name = tabNames[view]?.(settings);
  const link = document.querySelector(`.view-tabs a[data-view="${view}"]`);
  if (name && link.textContent !== name) link.textContent = name;
}

/** Reports a view's settings to the URL (a history entry on a committed change, in place while dragging) and its tab. */
const onChange = (view) => (settings, commit) => {
  nameTab(view, settings);
  writeLocation(view, settings, commit);
};

/** Set once a course platform is found: the quiz's progress is written through it (web/lms.js). */
let lmsStorage;
const launch = readLocation();
/** Where the lesson keeps its progress (this browser's storage, or memory where the browser refuses it). */
let lessonStorage;
const getLessonStorage = () => (lessonStorage ??= browserStorage().storage);

const starters = {
  home: (section) => createHomeView(section, { storage: getLessonStorage() }),
  lesson: async (section) => {
    const { createLessonView } = await import('./lesson/lesson-view.js');
    return createLessonView(section, { getEngine, onChange: onChange('lesson'), storage: getLessonStorage(), embedded: launch.embed });
  },
  quiz: (section, settings) => startQuiz(section, { getEngine, storage: lmsStorage, settings, onChange: onChange('quiz') }),
  encodings: async (section) => {
    const [{ createEncodingsView }, engine] = await Promise.all([import('./views/encodings-view.js'), getEngine()]);
    return createEncodingsView(section, engine, onChange('encodings'));
  },
  model: async (section) => {
    const { createModelView } = await import('./views/model-view.js');
    return createModelView(section, onChange('model'));
  },
  frequencies: async (section) => {
    const [{ createFrequencyView }, engine] = await Promise.all([import('./views/frequency-view.js'), getEngine()]);
    return createFrequencyView(section, engine, onChange('frequencies'));
  },
  grid: async (section) => {
    const [{ createRopeGridView }, engine] = await Promise.all([import('./views/rope-grid-view.js'), getEngine()]);
    return createRopeGridView(section, engine, onChange('grid'));
  },
  position: async (section) => {
    const [{ createPositionView }, engine] = await Promise.all([import('./views/position-view.js'), getEngine()]);
    return createPositionView(section, engine, onChange('position'));
  },
};
const started = new Map();
let currentView = null;

/** "Back to …": the way back a link gave (?back=), named after where it leads. */
function showWayBack(back) {
  const box = byId('way-back');
  if (!back) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const place =
    back.view === 'quiz' && back.settings.card
      ? 'the card'
      : back.view === 'lesson' && back.settings.step
        ? `the lesson, step ${back.settings.step}`
        : back.view === 'position' && back.settings.p !== undefined
          ? `Position ${int(back.settings.p)}`
          : VIEW_NAMES[back.view];
  const link = document.createElement('a');
  link.href = back.query;
  link.dataset.route = '';
  link.id = 'way-back-link';
  link.textContent = `← Back to ${place}`;
  box.replaceChildren(link);
  box.hidden = false;
}

/** Shows one view with its settings, starting it on first use. */
async function showView(view, settings, back = null) {
  currentView = view;
  for (const section of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('section.view'))) section.hidden = section.dataset.view !== view;
  for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll('.view-tabs a'))) {
    if (link.dataset.view === view) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  showWayBack(back);
  const section = /** @type {HTMLElement} */ (document.querySelector(`section.view[data-view="${view}"]`));
  if (!started.has(view)) started.set(view, starters[view](section, settings));
  let instance;
  try {
    instance = await started.get(view);
  } catch (error) {
    if (error?.name !== 'EngineUnavailableError') throw error; // engine-support.js: WebAssembly is off
    showEngineMissing(section, view, error.message);
    return;
  }
  instance.show(settings);
  if (instance.state) {
    nameTab(view, instance.state);
    writeLocation(view, instance.state, false); // the URL shows every setting in force
  }
  section.dataset.ready = 'true';
  const viewName = document.querySelector(`.view-tabs a[data-view="${view}"]`)?.textContent.trim() ?? VIEW_NAMES[view];
  document.dispatchEvent(new CustomEvent('posenc:viewed', { detail: { view, viewName } }));
}

/** In place of a view that cannot compute in this browser: why, and what still works. */
function showEngineMissing(section, view, reason) {
  if (section.querySelector('.engine-missing')) return;
  const notice = document.createElement('p');
  notice.className = 'notice engine-missing';
  notice.setAttribute('role', 'alert');
  notice.textContent = `${VIEW_NAMES[view]} cannot open: ${reason} The lesson's text and the flash cards work without it.`;
  section.prepend(notice);
}

function reportFailure(error) {
  status.textContent = `Something failed: ${error.message}`;
  status.classList.add('error');
  throw error;
}

/**
 * Follows a link of the page (a tab, a door, "See it live", "Quiz me on this", "Back to …") with a
 * history entry. A link marked data-back gets a way back to the view it was clicked in, with that
 * view's settings now (data-back-card: to that card of the quiz).
 */
async function follow(link) {
  cancelPendingLocation();
  const target = new URL(link.href, location.href);
  if (link.hasAttribute('data-back') && currentView) {
    const here = started.has(currentView) ? ((await started.get(currentView)).state ?? {}) : {};
    const back = link.dataset.backCard ? { ...here, card: link.dataset.backCard } : here;
    target.searchParams.set('back', queryFor(currentView, back, new URLSearchParams()));
  }
  const { view, settings, back } = readLocation(target.search);
  history.pushState(null, '', queryFor(view, settings, new URLSearchParams(location.search), { back: back ? back.query : undefined }));
  const from = document.activeElement;
  await showView(view, settings, back);
  // The link that had the focus is gone from sight: start the reader at the top of the view.
  if (!from || !document.body.contains(from) || from.closest('[hidden]') || from === document.body) {
    const heading = /** @type {HTMLElement | null} */ (document.querySelector(`section.view[data-view="${view}"] h2`));
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
    if (!launch.embed) window.scrollTo(0, 0);
  }
}

applyTheme(launch.params.get('theme'));
const embedded = launch.embed ? startEmbedMode() : null;
// Embedded, the site's header is hidden but for its heading: no invisible link to the landing page in it.
if (launch.embed) byId('home-link').replaceWith('posenc');
startEmbedKit({
  button: /** @type {HTMLButtonElement} */ (byId('embed-copy')),
  box: byId('embed-snippet-box'),
  text: /** @type {HTMLTextAreaElement} */ (byId('embed-snippet')),
  announce: byId('embed-announce'),
});
// A course platform first: it may hold progress from another computer and the view of the last launch.
lmsStorage = (await startLmsReporting())?.storage;
// A course launch without a view opens on the flash cards, as the course's manifest says: its score
// comes from the quiz's checked answers. Anywhere else the landing page offers the three doors.
if (lmsStorage && !new URLSearchParams(location.search).has('view')) history.replaceState(null, '', queryFor('quiz', {}));
const route = readLocation();

document.addEventListener('click', (event) => {
  const link = /** @type {HTMLElement} */ (event.target).closest?.('a[data-route], .view-tabs a');
  if (!link || event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return; // let "open in new tab" work
  event.preventDefault();
  follow(/** @type {HTMLAnchorElement} */ (link)).catch(reportFailure);
});
window.addEventListener('popstate', () => {
  cancelPendingLocation();
  const { view, settings, back } = readLocation();
  showView(view, settings, back).catch(reportFailure);
});

showView(route.view, route.settings, route.back).then(() => {
  embedded?.contentReady();
  status.textContent = 'Ready.';
  document.documentElement.dataset.ready = 'true';
}, reportFailure);
