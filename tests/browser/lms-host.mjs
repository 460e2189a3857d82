// A stand-in LMS for the browser tests: it serves a course package (built in memory by
// scripts/package-course.mjs) under /course/ and launches it the way an LMS does. SCORM: a
// frameset whose top window holds scorm-again's run-time (an independent implementation of the
// standard) as window.API or window.API_1484_11, with what the LMS kept from the last launch
// loaded into it. cmi5: the launch URL's parameters, a one-time fetch URL and an LRS that checks
// every statement against the cmi5 rules (tests/js/lms-rules.mjs) and keeps State documents.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { startHost } from './host.mjs';
import { packageEntries } from '../../scripts/package-course.mjs';
import { createCmi5Checker } from '../js/lms-rules.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
};

/** The package's files as routes under /course/. */
function courseRoutes(format, options) {
  return Object.fromEntries(
    Object.entries(packageEntries(format, options)).map(([file, bytes]) => [
      `/course/${file}`,
      { type: TYPES[path.extname(file)] ?? 'application/octet-stream', body: Buffer.from(bytes) },
    ]),
  );
}

const SCORM = {
  1.2: {
    runtime: 'scorm12',
    className: 'Scorm12API',
    global: 'API',
    lastError: 'LMSGetLastError',
    methods: ['LMSInitialize', 'LMSGetValue', 'LMSSetValue', 'LMSCommit', 'LMSFinish'],
  },
  2004: {
    runtime: 'scorm2004',
    className: 'Scorm2004API',
    global: 'API_1484_11',
    lastError: 'GetLastError',
    methods: ['Initialize', 'GetValue', 'SetValue', 'Commit', 'Terminate'],
  },
};

/**
 * The LMS side of a SCORM launch, run in the frameset's top window: the run-time with the kept data
 * loaded before the launch, every call recorded (the last value set per element, every error code).
 */
function scormLauncher(version, kept) {
  const { className, global, lastError, methods } = SCORM[version];
  return `
    const api = new window.${className}({ logLevel: 5, autocommit: false });
    const kept = ${JSON.stringify(kept)};
    if (Object.keys(kept).length) api.loadFromFlattenedJSON(kept, '');
    window.lms = { values: {}, errors: [], calls: [] };
    for (const method of ${JSON.stringify(methods)}) {
      const call = api[method].bind(api);
      api[method] = (...args) => {
        const result = call(...args);
        const code = String(api.${lastError}());
        window.lms.calls.push(method);
        if (code !== '0') window.lms.errors.push(method + '(' + args.join(', ') + ') -> ' + code);
        if (method.endsWith('SetValue') && code === '0') window.lms.values[args[0]] = args[1];
        return result;
      };
    }
    window.${global} = api;`;
}

/**
 * Starts the LMS for one package format.
 * @param {'scorm12' | 'scorm2004' | 'cmi5'} format
 * @param {{ iriBase?: string }} [options]
 */
export async function startLms(format, { iriBase = 'https://courses.example.edu/posenc/' } = {}) {
  const version = format === 'scorm2004' ? '2004' : '1.2';
  const lrs = { states: new Map(), statements: [], problems: [], tokens: new Map(), checker: null };
  const routes = {
    ...courseRoutes(format, { iriBase }),
    '/scorm-again.js': { type: 'text/javascript', body: readFileSync(`node_modules/scorm-again/dist/${SCORM[version].runtime}.min.js`) },
    '/lms/launcher.js': (request) => ({
      type: 'text/javascript',
      body: scormLauncher(version, JSON.parse(new URL(request.url, 'http://x').searchParams.get('kept') ?? '{}')),
    }),
    '/lms/frameset.html': (request) => ({
      body: `<!doctype html><html lang="en"><head><title>A course in the LMS</title>
        <script src="/scorm-again.js"></script><script src="/lms/launcher.js${new URL(request.url, 'http://x').search}"></script></head>
        <frameset rows="40,*"><frame src="/lms/bar.html" title="LMS navigation"><frame src="/course/index.html" name="content" title="posenc"></frameset></html>`,
    }),
    '/lms/bar.html': { body: '<!doctype html><html lang="en"><title>LMS navigation</title><p>Course navigation</p>' },
    '/lms/return.html': { body: '<!doctype html><html lang="en"><title>Back in the course</title><p id="returned">Back in the course.</p>' },
  };
  if (format === 'cmi5') addLrs(routes, lrs);
  const host = await startHost(routes);
  return { host, lrs, version, iriBase, close: () => host.close() };
}

/**
 * The URL of a SCORM launch in the frameset, with what the LMS kept from earlier launches.
 * @param {Record<string, string>} kept  flattened cmi elements (cmi.suspend_data, cmi.core.entry, ...)
 */
export function scormLaunchUrl(lms, kept = {}) {
  return lms.host.url(`/lms/frameset.html?kept=${encodeURIComponent(JSON.stringify(kept))}`);
}

/**
 * What an LMS keeps after a SCORM session and hands the next launch: the learner's record (status,
 * score, location, suspend data, objectives), entry "resume" after exit "suspend", and the mastery
 * score from the manifest. Interactions are a journal the next launch does not read.
 * @param {'1.2' | '2004'} version
 * @param {Record<string, string>} values  the last value set per element in the session
 * @param {number} masteryScore  0..1, from the manifest
 */
export function keptForNextLaunch(version, values, masteryScore) {
  const kept = Object.fromEntries(
    Object.entries(values).filter(([element]) => !element.startsWith('cmi.interactions.') && !/session_time$|\.exit$/.test(element)),
  );
  if (version === '2004') {
    kept['cmi.entry'] = values['cmi.exit'] === 'suspend' ? 'resume' : '';
    kept['cmi.scaled_passing_score'] = String(masteryScore);
  } else {
    kept['cmi.core.entry'] = values['cmi.core.exit'] === 'suspend' ? 'resume' : '';
    kept['cmi.student_data.mastery_score'] = String(Math.round(masteryScore * 100));
  }
  return kept;
}

// ---- cmi5: the fetch URL and the LRS ----

const SESSION_ID = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';

function addLrs(routes, lrs) {
  const json = (body, status = 200) => ({ status, type: 'application/json', body: JSON.stringify(body) });
  const query = (request) => new URL(request.url, 'http://x').searchParams;
  const authorized = (request) =>
    lrs.tokens.get(request.headers.authorization?.replace(/^Basic /, ''))?.live === true && request.headers['x-experience-api-version'] === '1.0.3';
  const stateKey = (params) => ['stateId', 'activityId', 'agent', 'registration'].map((name) => params.get(name)).join('|');
  routes['/fetch'] = (request) => {
    const entry = [...lrs.tokens.values()].find((candidate) => candidate.fetchId === query(request).get('id'));
    if (request.method !== 'POST' || !entry || entry.fetched)
      return json({ 'error-code': '1', 'error-text': 'a fetch URL gives its token once, to a POST' }, 400);
    entry.fetched = true;
    return json({ 'auth-token': entry.token });
  };
  routes['/lrs/activities/state'] = (request, body) => {
    if (!authorized(request)) return json({ error: 'unauthorized' }, 401);
    const key = stateKey(query(request));
    if (request.method === 'GET') return lrs.states.has(key) ? json(lrs.states.get(key)) : json({ error: 'no such document' }, 404);
    if (query(request).get('stateId') === 'LMS.LaunchData') {
      lrs.problems.push('10.2.1: the AU must not change LMS.LaunchData');
      return json({ error: 'forbidden' }, 403);
    }
    lrs.states.set(key, JSON.parse(body));
    return { status: 204, body: '' };
  };
  routes['/lrs/agents/profile'] = (request) => (authorized(request) ? json({ error: 'no such document' }, 404) : json({ error: 'unauthorized' }, 401));
  routes['/lrs/statements'] = (request, body) => {
    if (!authorized(request) || request.method !== 'POST') return json({ error: 'unauthorized' }, 401);
    const statements = [JSON.parse(body)].flat();
    for (const statement of statements) {
      lrs.statements.push(statement);
      lrs.problems.push(...lrs.checker.check(statement).map((problem) => `${statement.verb?.display?.['en-US']}: ${problem}`));
    }
    return json(statements.map((statement) => statement.id));
  };
}

/**
 * Prepares a cmi5 launch as the LMS does: a session id and LMS.LaunchData in the State API, a
 * one-time fetch URL, a token for this session only; returns the launch URL.
 */
export function cmi5LaunchUrl(lms, { actor, registration, activityId, launchMode = 'Normal', masteryScore = 0.7 }) {
  const { lrs, host } = lms;
  const sessionId = randomUUID();
  const launchData = {
    contextTemplate: { contextActivities: { grouping: [{ id: `${lms.iriBase}au`, objectType: 'Activity' }] }, extensions: { [SESSION_ID]: sessionId } },
    launchMode,
    masteryScore,
    moveOn: 'CompletedAndPassed',
    returnURL: host.url('/lms/return.html'),
  };
  lrs.states.set(['LMS.LaunchData', activityId, JSON.stringify(actor), registration].join('|'), launchData);
  for (const entry of lrs.tokens.values()) entry.live = false;
  const token = Buffer.from(`session-${sessionId}:${randomUUID()}`).toString('base64');
  const fetchId = randomUUID();
  lrs.tokens.set(token, { token, fetchId, live: true, fetched: false });
  lrs.checker ??= createCmi5Checker({ actor, registration, activityId, masteryScore });
  lrs.checker.startSession(launchData);
  const params = new URLSearchParams({
    endpoint: host.url('/lrs/'),
    fetch: host.url(`/fetch?id=${fetchId}`),
    actor: JSON.stringify(actor),
    registration,
    activityId,
  });
  return host.url(`/course/index.html?${params}`);
}
