// Reporting to a course platform, only when one asks for it; the page runs the same without one.
// - cmi5: launched with endpoint, fetch, actor, registration and activityId (web/lms/cmi5.js).
// - SCORM 2004 or 1.2: an LMS API object in a parent or opener window (web/lms/scorm.js).
// - ?xapi=parent: xAPI statements posted to the parent window, for the host to fill in the actor
//   and forward (web/lms/xapi.js).
// Finding out is cheap (web/lms/launch.js); the reporting (web/lms/reporting.js) loads only then.
import { cmi5Launch, findScormApi, parentOrigin } from './lms/launch.js';

/** Activity IRIs start here unless the page says otherwise (?xapiBase= or <meta name="posenc-iri-base">):
 * a course should use an IRI of its own, which then stays put when the course moves. */
export const DEFAULT_IRI_BASE = 'urn:posenc:';

/**
 * Starts reporting when a platform launched the page. Resolves before the quiz should start.
 * @returns {Promise<{ storage?: Storage } | null>}  storage: for the quiz, when its progress travels with the platform
 */
export async function startLmsReporting({ search = location.search } = {}) {
  const params = new URLSearchParams(search);
  const iriBase =
    params.get('xapiBase') ?? /** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="posenc-iri-base"]'))?.content ?? DEFAULT_IRI_BASE;
  const cmi5 = cmi5Launch(params);
  const scorm = cmi5 ? null : findScormApi();
  if (cmi5 || scorm) {
    const { startPlatformReporting } = await import('./lms/reporting.js');
    return startPlatformReporting({ cmi5, scorm, iriBase, hasView: params.has('view') });
  }
  if (params.get('xapi') !== 'parent') return null;
  const target = parentOrigin();
  if (!target) {
    console.warn('posenc: ?xapi=parent, but the origin of the parent window is unknown; no statements are sent');
    return null;
  }
  const { startParentStatements } = await import('./lms/reporting.js');
  startParentStatements({ target, iriBase });
  return {};
}
