// How the page learns that a course platform launched it, without loading any of the reporting
// (web/lms/reporting.js loads only then): cmi5's launch parameters, a SCORM API object in a parent
// or opener window, or ?xapi=parent in a frame.

const CMI5_PARAMETERS = ['endpoint', 'fetch', 'actor', 'registration', 'activityId'];
/** Launch parameters that belong to the platform, not to the page's own URL state. */
export const PLATFORM_PARAMETERS = [...CMI5_PARAMETERS, 'xapi', 'xapiBase'];

/**
 * cmi5's launch parameters, or null when the page was not launched by a cmi5 LMS.
 * @param {URLSearchParams} params
 * @returns {{ endpoint: string, fetch: string, actor: object, registration: string, activityId: string } | null}
 */
export function cmi5Launch(params) {
  if (!CMI5_PARAMETERS.every((name) => params.get(name))) return null;
  const launch = /** @type {{ endpoint: string, fetch: string, actor: string, registration: string, activityId: string }} */ (
    Object.fromEntries(CMI5_PARAMETERS.map((name) => [name, params.get(name)]))
  );
  let actor;
  try {
    actor = JSON.parse(launch.actor);
  } catch {
    actor = null;
  }
  if (typeof actor !== 'object' || actor === null) {
    console.warn('posenc: launched with cmi5 parameters whose actor is not a JSON object; nothing is reported');
    return null;
  }
  return { ...launch, endpoint: launch.endpoint.endsWith('/') ? launch.endpoint : `${launch.endpoint}/`, actor };
}

/** Each version: the API object's name, its methods, and its limits. */
export const SCORM_VERSIONS = {
  2004: {
    name: 'SCORM 2004 4th edition',
    api: 'API_1484_11',
    methods: {
      initialize: 'Initialize',
      get: 'GetValue',
      set: 'SetValue',
      commit: 'Commit',
      finish: 'Terminate',
      lastError: 'GetLastError',
      errorText: 'GetErrorString',
    },
    suspendLimit: 64000,
    locationLimit: 1000,
  },
  1.2: {
    name: 'SCORM 1.2',
    api: 'API',
    methods: {
      initialize: 'LMSInitialize',
      get: 'LMSGetValue',
      set: 'LMSSetValue',
      commit: 'LMSCommit',
      finish: 'LMSFinish',
      lastError: 'LMSGetLastError',
      errorText: 'LMSGetErrorString',
    },
    suspendLimit: 4096,
    locationLimit: 255,
  },
};

/**
 * The LMS's API object in this window, a parent (up to 10 levels) or the opener's chain: SCORM
 * 2004's first, then SCORM 1.2's. A cross-origin window (no API reachable there) is skipped.
 * @returns {{ version: '1.2' | '2004', api: any } | null}
 */
export function findScormApi(start = window) {
  for (const version of /** @type {('2004' | '1.2')[]} */ (['2004', '1.2'])) {
    const { api: name, methods } = SCORM_VERSIONS[version];
    for (const origin of [start, start.opener].filter(Boolean)) {
      let win = origin;
      for (let depth = 0; win && depth < 10; depth++) {
        try {
          if (win[name] && typeof win[name][methods.initialize] === 'function') return { version, api: win[name] };
        } catch {
          /* a cross-origin window */
        }
        if (win.parent === win) break;
        win = win.parent;
      }
    }
  }
  return null;
}

/** The origin of the window that frames this page, where statements go (never '*'); null if unknown. */
export function parentOrigin() {
  if (window.parent === window) return null;
  const ancestor = location.ancestorOrigins?.[0];
  if (ancestor && ancestor !== 'null') return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}
