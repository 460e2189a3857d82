// SCORM run-times (1.2 and 2004 4th edition) as one interface for web/lms/reporting.js: read what
// the LMS kept from the last launch, and write the standing, each answer as an interaction, the
// position, the time and the suspend data in that version's element names.
// Every call is checked with the version's GetLastError; a failure is logged, never thrown.
import { OBJECTIVES, activityIri, isoDuration, scorm12Interaction, scorm12Timespan, scorm2004Interaction } from './interactions.js';
import { reportOf } from './standing.js';
import { SCORM_VERSIONS } from './launch.js';

/**
 * Starts a SCORM session (Initialize) and reads what the LMS kept.
 * @param {{ version: '1.2' | '2004', api: any }} found
 * @param {{ iriBase: string }} options
 */
export function startScorm({ version, api }, { iriBase }) {
  const { methods, suspendLimit, locationLimit, name } = SCORM_VERSIONS[version];
  const is2004 = version === '2004';
  // SCORM 2004 answers a GetValue of an element the LMS never set with error 403: for posenc that is an empty value.
  const call = (method, ...args) => {
    const value = api[methods[method]](...args);
    const code = String(api[methods.lastError]());
    if (code !== '0' && !(method === 'get' && code === '403'))
      console.warn(`posenc: ${name} ${methods[method]}(${args.map((a) => JSON.stringify(a)).join(', ')}) failed: ${code} ${api[methods.errorText](code)}`);
    return value;
  };
  const get = (element) => String(call('get', element) ?? '');
  const set = (element, value) => call('set', element, String(value));
  const started = Date.now();

  call('initialize', '');
  const element = is2004
    ? { entry: 'cmi.entry', location: 'cmi.location', suspend: 'cmi.suspend_data', exit: 'cmi.exit', sessionTime: 'cmi.session_time' }
    : {
        entry: 'cmi.core.entry',
        location: 'cmi.core.lesson_location',
        suspend: 'cmi.suspend_data',
        exit: 'cmi.core.exit',
        sessionTime: 'cmi.core.session_time',
      };
  const resumed = get(element.entry) === 'resume';
  const mastery = is2004 ? get('cmi.scaled_passing_score') : get('cmi.student_data.mastery_score');
  const masteryScore = mastery === '' || !Number.isFinite(Number(mastery)) ? null : Number(mastery) / (is2004 ? 1 : 100);
  // Only a resumed attempt has suspend data and a location (a new one's are not initialized).
  const kept = resumed ? { suspendData: get(element.suspend), location: get(element.location) } : { suspendData: '', location: '' };
  let interactions = Number(get('cmi.interactions._count')) || 0;
  const sessionTime = () => (is2004 ? isoDuration : scorm12Timespan)(Date.now() - started);

  /** The index of the objective with this id, appended when new (objectives persist across launches). */
  const objectiveIndex = (id) => {
    const count = Number(get('cmi.objectives._count')) || 0;
    for (let n = 0; n < count; n++) if (get(`cmi.objectives.${n}.id`) === id) return n;
    set(`cmi.objectives.${count}.id`, id);
    return count;
  };
  const objectiveIds = is2004
    ? { checked: activityIri.objective(iriBase, OBJECTIVES.checked), selfGraded: activityIri.objective(iriBase, OBJECTIVES.selfGraded) }
    : OBJECTIVES;
  const objectives = { checked: objectiveIndex(objectiveIds.checked), selfGraded: objectiveIndex(objectiveIds.selfGraded) };

  const writeStanding12 = (report, standing) => {
    const percent = (score) => String(Math.round(score * 100));
    if (report.score !== null) {
      set('cmi.core.score.min', '0');
      set('cmi.core.score.max', '100');
      set('cmi.core.score.raw', percent(report.score));
    }
    set('cmi.core.lesson_status', report.success === 'unknown' ? report.completion : report.success);
    for (const [part, score, status] of [
      ['checked', report.score, report.success === 'unknown' ? report.completion : report.success],
      ['selfGraded', report.selfGradedScore, standing.selfGraded.answers ? 'completed' : 'not attempted'],
    ]) {
      const n = objectives[part];
      if (score !== null) {
        set(`cmi.objectives.${n}.score.min`, '0');
        set(`cmi.objectives.${n}.score.max`, '100');
        set(`cmi.objectives.${n}.score.raw`, percent(score));
      }
      set(`cmi.objectives.${n}.status`, status);
    }
  };
  const writeStanding2004 = (report, standing) => {
    const scaled = (score) => String(Math.round(score * 1e4) / 1e4);
    if (report.score !== null) {
      set('cmi.score.min', '0');
      set('cmi.score.max', '100');
      set('cmi.score.raw', String(Math.round(report.score * 100)));
      set('cmi.score.scaled', scaled(report.score));
    }
    set('cmi.completion_status', report.completion);
    set('cmi.success_status', report.success);
    for (const [part, score, success, answers] of [
      ['checked', report.score, report.success, standing.checked.answers],
      ['selfGraded', report.selfGradedScore, 'unknown', standing.selfGraded.answers],
    ]) {
      const n = objectives[part];
      if (score !== null) set(`cmi.objectives.${n}.score.scaled`, scaled(score));
      set(`cmi.objectives.${n}.success_status`, success);
      set(`cmi.objectives.${n}.completion_status`, answers ? 'completed' : 'not attempted');
    }
  };

  return {
    name,
    suspendLimit,
    masteryScore,
    kept,
    /** Writes the standing (score, status, the two objectives). */
    report(standing) {
      (is2004 ? writeStanding2004 : writeStanding12)(reportOf(standing, masteryScore), standing);
    },
    /** Appends one interaction record. */
    answered(answer, { at }) {
      const fields = is2004 ? scorm2004Interaction(answer, at, iriBase) : scorm12Interaction(answer, at);
      for (const [field, value] of fields) set(`cmi.interactions.${interactions}.${field}`, value);
      interactions++;
    },
    /** Writes what a relaunch needs and commits. */
    save({ suspendData, location }) {
      set(element.suspend, suspendData);
      if (location && location.length <= locationLimit) set(element.location, location);
      set(element.sessionTime, sessionTime());
      set(element.exit, 'suspend'); // the next launch resumes, with this launch's suspend data
      call('commit', '');
    },
    finish(state) {
      this.save(state);
      call('finish', '');
    },
  };
}
