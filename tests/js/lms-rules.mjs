// The rules course platforms hold posenc to, written from the standards rather than from posenc's
// code, for the tests: SCORM 1.2's data model types and limits (the run-time used in the browser
// tests, scorm-again, is more lenient than the standard), xAPI 1.0.3 statements (Learning Locker's
// validator, which its LRS is conformance-tested with) and the cmi5 statement rules an LMS's LRS applies.
import xapiValidation from '@learninglocker/xapi-validation';

const validateStatement = xapiValidation.default; // a CommonJS module: its default export sits on .default

// SCORM 1.2 run-time environment, section 3.4 (data types) and the cmi data model's vocabularies.
const CMIDecimal = /^-?\d+(\.\d+)?$/;
const CMITimespan = /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/;
const CMITime = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,2})?$/;
const CMIIdentifier = /^[\x21-\x7e]{1,255}$/;
const INTERACTION_TYPES = ['true-false', 'choice', 'fill-in', 'matching', 'performance', 'sequencing', 'likert', 'numeric'];
const RESULTS = ['correct', 'wrong', 'unanticipated', 'neutral'];
const LESSON_STATUS = ['passed', 'completed', 'failed', 'incomplete', 'browsed', 'not attempted'];

/**
 * Every SCORM 1.2 value a content object set that breaks the standard's type or size limit.
 * @param {Record<string, string>} values  element -> last value set
 * @returns {string[]}
 */
export function scorm12Violations(values) {
  const problems = [];
  const check = (element, ok, rule) => {
    if (!ok) problems.push(`${element} = ${JSON.stringify(values[element])}: ${rule}`);
  };
  for (const [element, value] of Object.entries(values)) {
    const interaction = element.match(/^cmi\.interactions\.(\d+)\.(.+)$/);
    const field = interaction?.[2];
    const type = interaction && values[`cmi.interactions.${interaction[1]}.type`];
    if (element === 'cmi.suspend_data') check(element, value.length <= 4096, 'CMIString4096');
    else if (element === 'cmi.core.lesson_location') check(element, value.length <= 255, 'CMIString255');
    else if (element === 'cmi.core.session_time') check(element, CMITimespan.test(value), 'CMITimespan');
    else if (element === 'cmi.core.lesson_status') check(element, LESSON_STATUS.includes(value), 'lesson_status vocabulary');
    else if (element === 'cmi.core.exit') check(element, ['time-out', 'suspend', 'logout', ''].includes(value), 'exit vocabulary');
    else if (/^cmi\.core\.score\.(raw|min|max)$/.test(element))
      check(element, CMIDecimal.test(value) && Number(value) >= 0 && Number(value) <= 100, 'CMIDecimal 0..100');
    else if (/^cmi\.objectives\.\d+\.id$/.test(element)) check(element, CMIIdentifier.test(value), 'CMIIdentifier');
    else if (/^cmi\.objectives\.\d+\.score\./.test(element)) check(element, CMIDecimal.test(value), 'CMIDecimal');
    else if (/^cmi\.objectives\.\d+\.status$/.test(element)) check(element, LESSON_STATUS.includes(value), 'status vocabulary');
    else if (field === 'id' || /^objectives\.\d+\.id$/.test(field ?? '')) check(element, CMIIdentifier.test(value), 'CMIIdentifier');
    else if (field === 'time') check(element, CMITime.test(value), 'CMITime');
    else if (field === 'type') check(element, INTERACTION_TYPES.includes(value), 'interaction type vocabulary');
    else if (field === 'latency') check(element, CMITimespan.test(value), 'CMITimespan');
    else if (field === 'result') check(element, RESULTS.includes(value) || CMIDecimal.test(value), 'result vocabulary or CMIDecimal');
    else if (field === 'student_response' || /^correct_responses\.\d+\.pattern$/.test(field ?? '')) {
      if (type === 'true-false') check(element, /^[01tf]$/.test(value), 'true-false: 0, 1, t or f');
      else if (type === 'numeric') check(element, CMIDecimal.test(value), 'numeric: CMIDecimal');
      else check(element, value.length <= 255, 'CMIFeedback: 255 characters');
    } else if (interaction) problems.push(`${element}: not an element this content writes`);
  }
  return problems;
}

/** Problems xAPI 1.0.3 finds in a statement (Learning Locker's rules), as readable lines. */
export function xapiProblems(statement) {
  return validateStatement(statement).map(
    (problem) => `${problem.path.join('.')}: ${problem.name}${problem.data === undefined ? '' : ` (${JSON.stringify(problem.data)})`}`,
  );
}

const CMI5 = {
  category: 'https://w3id.org/xapi/cmi5/context/categories/cmi5',
  moveOn: 'https://w3id.org/xapi/cmi5/context/categories/moveon',
  sessionId: 'https://w3id.org/xapi/cmi5/context/extensions/sessionid',
  masteryScore: 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore',
};
const DEFINED_VERBS = Object.fromEntries(
  ['initialized', 'completed', 'passed', 'failed', 'terminated'].map((verb) => [`http://adlnet.gov/expapi/verbs/${verb}`, verb]),
);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * A checker of cmi5 statements for one registration, as an LMS's LRS applies the cmi5 rules
 * (sections 7.1, 9.1-9.6 of the cmi5 specification): feed it each statement of each session.
 * @param {{ actor: object, registration: string, activityId: string, masteryScore?: number }} launch
 */
export function createCmi5Checker({ actor, registration, activityId, masteryScore }) {
  const registrationVerbs = [];
  let session = null;
  return {
    /** Starts a session with the LMS.LaunchData the AU was given. */
    startSession(launchData) {
      session = { launchData, statements: [], definedVerbs: [] };
    },
    /** @returns {string[]} the rules this statement breaks */
    check(statement) {
      const problems = xapiProblems(statement);
      const rule = (ok, text) => {
        if (!ok) problems.push(text);
      };
      const { launchData } = session;
      const template = launchData.contextTemplate;
      const context = statement.context ?? {};
      const categories = (context.contextActivities?.category ?? []).map(({ id }) => id);
      const verb = DEFINED_VERBS[statement.verb?.id];
      const defined = Boolean(verb) && categories.includes(CMI5.category);
      rule(UUID.test(statement.id ?? ''), '9.1: the statement id is a UUID');
      rule(JSON.stringify(statement.actor) === JSON.stringify(actor), '9.2: the actor is the launch actor');
      rule(context.registration === registration, '9.6.1: context.registration is the launch registration');
      rule(context.extensions?.[CMI5.sessionId] === template.extensions[CMI5.sessionId], '9.6.3.1: the session id of the launch data');
      for (const [list, entries] of Object.entries(template.contextActivities ?? {})) {
        for (const entry of entries)
          rule(
            (context.contextActivities?.[list] ?? []).some(({ id }) => id === entry.id),
            `10.2.1: contextActivities.${list} keeps ${entry.id} from the template`,
          );
      }
      rule(/(Z|[+-]00:00)$/.test(statement.timestamp ?? ''), '9.7: a timestamp in UTC');
      rule(session.statements.length > 0 || (defined && verb === 'initialized'), '7.1.1: initialized is the first statement of a session');
      rule(!session.terminated, '7.1.2: nothing after terminated');
      const previous = session.statements.at(-1);
      rule(!previous || Date.parse(statement.timestamp) >= Date.parse(previous.timestamp), '9.3: statements in timestamp order');
      if (verb && !defined) problems.push(`7.1.3: a cmi5 verb (${verb}) without the cmi5 category`);
      if (!verb) rule(!categories.includes(CMI5.category), '7.1.3: an allowed statement has no cmi5 category');
      if (defined) {
        const result = statement.result ?? {};
        const judging = 'success' in result || 'completion' in result;
        rule(statement.object?.id === activityId, '9.4: a defined statement is about the launch activityId');
        rule(categories.includes(CMI5.moveOn) === judging, '9.6.2.2: the moveOn category exactly when success or completion is set');
        rule(!session.definedVerbs.includes(verb), `9.3: ${verb} once per session`);
        rule(
          !(['passed', 'failed'].includes(verb) && session.definedVerbs.some((v) => ['passed', 'failed'].includes(v))),
          '9.3: one of passed/failed per session',
        );
        rule(
          launchData.launchMode === 'Normal' || ['initialized', 'terminated'].includes(verb),
          `10.2.2: ${launchData.launchMode} mode sends initialized and terminated only`,
        );
        rule(['passed', 'failed'].includes(verb) || !('score' in result), '9.5.1: a score only on passed or failed');
        rule(['passed', 'failed'].includes(verb) || !('success' in result), '9.5.2: success only on passed or failed');
        rule(verb === 'completed' || !('completion' in result), '9.5.3: completion only on completed');
        if (['completed', 'passed', 'failed', 'terminated'].includes(verb)) rule(typeof result.duration === 'string', `9.5.4: ${verb} carries a duration`);
        if (verb === 'completed') {
          rule(result.completion === true, '9.5.3: completed has completion true');
          rule(!registrationVerbs.includes('completed'), '9.3.3: completed once per registration');
        }
        if (verb === 'passed') {
          rule(result.success === true, '9.5.2: passed has success true');
          rule(!registrationVerbs.includes('passed'), '9.3.4: passed once per registration');
        }
        if (verb === 'failed') {
          rule(result.success === false, '9.5.2: failed has success false');
          rule(!registrationVerbs.includes('passed'), '9.3: no failed after passed in a registration');
        }
        if (['passed', 'failed'].includes(verb) && masteryScore !== undefined) {
          rule(context.extensions?.[CMI5.masteryScore] === masteryScore, '9.6.3.2: the launch masteryScore in the context');
          const scaled = result.score?.scaled;
          if (scaled !== undefined)
            rule(
              verb === 'passed' ? scaled >= masteryScore : scaled < masteryScore,
              `9.3.${verb === 'passed' ? 4 : 5}: the scaled score agrees with the mastery score`,
            );
        }
        session.definedVerbs.push(verb);
        registrationVerbs.push(verb);
        if (verb === 'terminated') session.terminated = true;
      }
      session.statements.push(statement);
      return problems;
    },
    /** Rules that hold for a whole session once it is over. */
    endSession() {
      const problems = session.terminated ? [] : ['7.1.2: the session ended without terminated'];
      session = null;
      return problems;
    },
    get registrationVerbs() {
      return [...registrationVerbs];
    },
  };
}
