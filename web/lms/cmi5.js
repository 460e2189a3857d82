// cmi5: the page launched by an LMS with endpoint, fetch, actor, registration and activityId in
// its URL. It fetches its auth token (once), reads LMS.LaunchData (context template, launch mode,
// mastery score, return URL) and the learner preferences, then sends the cmi5 defined statements
// (initialized first, completed once per registration, passed or failed against the mastery score,
// terminated last) and posenc's allowed ones (answered, experienced) to the LRS it was given, with
// the token it was given. What a relaunch needs is kept in a State document of its own.
import { isoDuration } from './interactions.js';
import { createStatementBuilder, uuid, VERBS } from './xapi.js';
import { reportOf } from './standing.js';

const CATEGORY = {
  cmi5: { id: 'https://w3id.org/xapi/cmi5/context/categories/cmi5', objectType: 'Activity' },
  moveOn: { id: 'https://w3id.org/xapi/cmi5/context/categories/moveon', objectType: 'Activity' },
};
const MASTERY_SCORE_EXTENSION = 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore';
const STATE_ID = 'posenc.progress';
/** Characters of suspend data in posenc's State document (xAPI sets no limit; the final save goes with
 * keepalive, whose requests share 64 KiB with the last statements). */
const STATE_LIMIT = 48000;

/**
 * Starts a cmi5 session: token, launch data, preferences, the saved state, then `initialized`.
 * @param {ReturnType<typeof import('./launch.js').cmi5Launch>} launch
 * @param {{ iriBase: string }} options
 */
export async function startCmi5(launch, { iriBase }) {
  const started = Date.now();
  const tokenResponse = await fetch(launch.fetch, { method: 'POST' });
  const token = (await tokenResponse.json())['auth-token'];
  if (!tokenResponse.ok || typeof token !== 'string') throw new Error(`cmi5: the fetch URL gave no auth token (HTTP ${tokenResponse.status})`);
  const headers = { Authorization: `Basic ${token}`, 'X-Experience-API-Version': '1.0.3' };
  const url = (path, query) => `${launch.endpoint}${path}?${new URLSearchParams(query)}`;
  const stateQuery = (stateId) => ({ stateId, activityId: launch.activityId, agent: JSON.stringify(launch.actor), registration: launch.registration });
  const getJson = async (path, query) => {
    const response = await fetch(url(path, query), { headers });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`cmi5: GET ${path} gave HTTP ${response.status}`);
    return response.json();
  };

  const launchData = await getJson('activities/state', stateQuery('LMS.LaunchData'));
  if (!launchData?.contextTemplate) throw new Error('cmi5: LMS.LaunchData has no contextTemplate');
  await getJson('agents/profile', { agent: JSON.stringify(launch.actor), profileId: 'cmi5LearnerPreferences' }); // read on startup; posenc is in English only
  const saved = (await getJson('activities/state', stateQuery(STATE_ID))) ?? {};
  const reported = { completed: Boolean(saved.completed), passed: Boolean(saved.passed) };
  const previousMs = Number.isFinite(saved.totalMs) ? saved.totalMs : 0;
  const normal = launchData.launchMode === 'Normal';
  const masteryScore = Number.isFinite(launchData.masteryScore) ? launchData.masteryScore : null;
  // Every statement: the LMS's context template, whole, with the launch's registration (cmi5 9.6.1).
  const template = { ...launchData.contextTemplate, registration: launch.registration };
  const builder = createStatementBuilder({ actor: launch.actor, iriBase, contextTemplate: template });
  const sessionMs = () => Date.now() - started;
  // cmi5 orders statements by timestamp: each gets a later one than the one before.
  let lastStamp = 0;
  const stamp = () => {
    lastStamp = Math.max(Date.now(), lastStamp + 1);
    return new Date(lastStamp);
  };

  /** A cmi5 defined statement about the AU: the template plus the cmi5 category (and moveOn where a result judges). */
  const defined = (verb, result, extensions = {}) => {
    const judging = result && ('success' in result || 'completion' in result);
    return {
      id: uuid(),
      actor: launch.actor,
      verb: VERBS[verb],
      object: { id: launch.activityId, objectType: 'Activity' },
      ...(result ? { result } : {}),
      context: {
        ...template,
        contextActivities: {
          ...template.contextActivities,
          category: [...(template.contextActivities?.category ?? []), CATEGORY.cmi5, ...(judging ? [CATEGORY.moveOn] : [])],
        },
        extensions: { ...template.extensions, ...extensions },
      },
      timestamp: stamp().toISOString(),
    };
  };

  const post = (statement, keepalive) =>
    fetch(`${launch.endpoint}statements`, {
      method: 'POST',
      keepalive,
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(statement),
    }).then(
      (response) => {
        if (!response.ok) console.warn(`posenc: the LRS refused a "${statement.verb.display['en-US']}" statement (HTTP ${response.status})`);
      },
      (error) => console.warn(`posenc: a statement did not reach the LRS: ${error.message}`),
    );
  const putState = (suspendData, keepalive) =>
    fetch(url('activities/state', stateQuery(STATE_ID)), {
      method: 'PUT',
      keepalive,
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ suspendData, totalMs: previousMs + sessionMs(), completed: reported.completed, passed: reported.passed }),
    }).catch((error) => console.warn(`posenc: the progress did not reach the LRS: ${error.message}`));
  // During the session requests go one after another, so the LRS gets statements in order.
  /** @type {Promise<unknown>} */
  let queue = Promise.resolve();
  const send = (statement) => (queue = queue.then(() => post(statement, false)));
  let terminated = false;

  await send(defined('initialized'));
  let judgedThisSession = false;
  /**
   * This session's judgement, as a statement to send, or null: passed as soon as the standing reaches
   * the mastery score, failed only when the session ends short of it (one of the two per session,
   * never failed after passed in the registration).
   */
  const judgement = (standing, { ending }) => {
    if (!normal || reported.passed || judgedThisSession) return null;
    const report = reportOf(standing, masteryScore);
    if (report.success !== 'passed' && !(ending && report.success === 'failed')) return null;
    const passed = report.success === 'passed';
    judgedThisSession = true;
    if (passed) reported.passed = true;
    return defined(
      passed ? 'passed' : 'failed',
      { success: passed, score: { scaled: Math.round(report.score * 1e4) / 1e4 }, duration: isoDuration(previousMs + sessionMs()) },
      { [MASTERY_SCORE_EXTENSION]: masteryScore },
    );
  };

  return {
    name: 'cmi5',
    suspendLimit: STATE_LIMIT,
    masteryScore,
    kept: { suspendData: saved.suspendData ?? '', location: '' },
    returnUrl: launchData.returnURL ?? null,
    report(standing) {
      if (!normal) return;
      if (!reported.completed && reportOf(standing, masteryScore).completion === 'completed') {
        reported.completed = true;
        send(defined('completed', { completion: true, duration: isoDuration(previousMs + sessionMs()) }));
      }
      const statement = judgement(standing, { ending: false });
      if (statement) send(statement);
    },
    answered(answer, { view, viewName }) {
      send(builder.answered(answer, { view, viewName, at: stamp() }));
    },
    viewed(view, viewName) {
      send(builder.experienced(view, viewName, stamp()));
    },
    save({ suspendData }) {
      queue = queue.then(() => putState(suspendData, false));
    },
    /**
     * Ends the session: the last judgement, the state and terminated, sent at once with keepalive (the
     * page may be going away; the timestamps keep terminated last). Resolves when the LRS has them.
     */
    finish({ suspendData, standing }) {
      if (terminated) return queue;
      terminated = true;
      const last = judgement(standing, { ending: true });
      const ended = defined('terminated', { duration: isoDuration(sessionMs()) });
      queue = Promise.all([...(last ? [post(last, true)] : []), putState(suspendData, true), post(ended, true)]);
      return queue;
    },
  };
}
