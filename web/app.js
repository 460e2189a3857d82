// Wires the page: the view tabs and the URL, the quiz, and the engine-driven views, each
// started the first time it is shown (the first view loads only what it needs).
import { startQuiz } from './quiz/quiz-app.js';
import { cancelPendingLocation, queryFor, readLocation, writeLocation } from './router.js';
import { applyTheme, startEmbedKit, startEmbedMode } from './embed-mode.js';
import { startLmsReporting } from './lms.js';
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

const starters = {
  quiz: (section, settings) => startQuiz(section, { getEngine, storage: lmsStorage, settings, onChange: onChange('quiz') }),
  encodings: async (section) => {
    const [{ createEncodingsView }, engine] = await Promise.all([import('./views/encodings-view.js'), getEngine()]);
    return createEncodingsView(section, engine, onChange('encodings'));
  },
  model: async (section) => {
    const { createModelView } = await import('./views/model-view.js');
    return createModelView(section, onChange('model'));
  },
  position: async (section) => {
    const [{ createPositionView }, engine] = await Promise.all([import('./views/position-view.js'), getEngine()]);
    return createPositionView(section, engine, onChange('position'));
  },
};
const started = new Map();

/** Shows one view with its settings, starting it on first use. */
async function showView(view, settings) {
  for (const section of document.querySelectorAll('section.view')) section.hidden = section.dataset.view !== view;
  for (const link of document.querySelectorAll('.view-tabs a')) {
    if (link.dataset.view === view) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  const section = document.querySelector(`section.view[data-view="${view}"]`);
  if (!started.has(view)) started.set(view, starters[view](section, settings));
  const instance = await started.get(view);
  instance.show(settings);
  if (instance.state) {
    nameTab(view, instance.state);
    writeLocation(view, instance.state, false);  // the URL shows every setting in force
  }
  section.dataset.ready = 'true';
  const viewName = document.querySelector(`.view-tabs a[data-view="${view}"]`)?.textContent.trim() ?? view;
  document.dispatchEvent(new CustomEvent('posenc:viewed', { detail: { view, viewName } }));
}

function reportFailure(error) {
  status.textContent = `Something failed: ${error.message}`;
  status.classList.add('error');
  throw error;
}

const launch = readLocation();
applyTheme(launch.params.get('theme'));
const embedded = launch.embed ? startEmbedMode() : null;
startEmbedKit({ button: byId('embed-copy'), box: byId('embed-snippet-box'), text: byId('embed-snippet'), announce: byId('embed-announce') });
// A course platform first: it may hold progress from another computer and the view of the last launch.
lmsStorage = (await startLmsReporting())?.storage;
const route = readLocation();

for (const link of document.querySelectorAll('.view-tabs a')) {
  link.addEventListener('click', (event) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey) return;  // let "open in new tab" work
    event.preventDefault();
    const view = link.dataset.view;
    cancelPendingLocation();
    history.pushState(null, '', queryFor(view, {}));
    showView(view, {}).catch(reportFailure);
  });
}
window.addEventListener('popstate', () => {
  cancelPendingLocation();
  const { view, settings } = readLocation();
  showView(view, settings).catch(reportFailure);
});

showView(route.view, route.settings).then(() => {
  embedded?.contentReady();
  status.textContent = 'Ready.';
  document.documentElement.dataset.ready = 'true';
}, reportFailure);
