// xAPI 1.0.3 statements posenc sends: `answered` per answer (the interaction's type, the response,
// the correct response pattern where one exists, the duration), `experienced` per view shown and
// `completed` for the lesson, each with the view it happened in as context. Used for ?xapi=parent
// (posted to the parent window) and, with cmi5's context template, for a cmi5 LRS.
import { activityIri, isoDuration, xapiInteraction } from './interactions.js';

export const VERBS = Object.freeze({
  answered: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } },
  experienced: { id: 'http://adlnet.gov/expapi/verbs/experienced', display: { 'en-US': 'experienced' } },
  completed: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
  initialized: { id: 'http://adlnet.gov/expapi/verbs/initialized', display: { 'en-US': 'initialized' } },
  passed: { id: 'http://adlnet.gov/expapi/verbs/passed', display: { 'en-US': 'passed' } },
  failed: { id: 'http://adlnet.gov/expapi/verbs/failed', display: { 'en-US': 'failed' } },
  terminated: { id: 'http://adlnet.gov/expapi/verbs/terminated', display: { 'en-US': 'terminated' } },
});
const ACTIVITY_TYPES = {
  module: 'http://adlnet.gov/expapi/activities/module',
  lesson: 'http://adlnet.gov/expapi/activities/lesson',
};
/** Statement extensions, under the IRI base. */
const extensionIri = {
  checked: (base) => `${base}extensions/checked`,
  mode: (base) => `${base}extensions/exercise`,
};

/** A version 4 UUID from crypto.getRandomValues (crypto.randomUUID needs a secure context). */
export function uuid() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `template` (a cmi5 context template, kept whole) with posenc's own context added. */
function contextWith(template, { iriBase, view, viewName }) {
  const activities = template?.contextActivities ?? {};
  const parent = view
    ? [{ id: activityIri.view(iriBase, view), objectType: 'Activity', definition: { type: ACTIVITY_TYPES.module, name: { en: viewName ?? view } } }]
    : [];
  return {
    ...template,
    contextActivities: {
      ...activities,
      ...(parent.length ? { parent: [...(activities.parent ?? []), ...parent] } : {}),
      grouping: [...(activities.grouping ?? []), { id: activityIri.lesson(iriBase), objectType: 'Activity' }],
    },
  };
}

/**
 * Builds posenc's statements for one actor.
 * @param {{ actor: object, iriBase: string, contextTemplate?: object }} options  contextTemplate: cmi5's, used whole
 */
export function createStatementBuilder({ actor, iriBase, contextTemplate = undefined }) {
  /** @param {string} verb @param {object} object @param {{ result?: object, view?: string, viewName?: string, at?: Date }} [details] */
  const base = (verb, object, { result, view, viewName, at = new Date() } = {}) => ({
    id: uuid(),
    actor,
    verb: VERBS[verb],
    object,
    ...(result ? { result } : {}),
    context: contextWith(contextTemplate, { iriBase, view, viewName }),
    timestamp: at.toISOString(),
  });
  const lesson = {
    id: activityIri.lesson(iriBase),
    objectType: 'Activity',
    definition: { type: ACTIVITY_TYPES.lesson, name: { en: 'posenc: positional encodings in transformers' } },
  };
  return {
    /** @param {import('../quiz/quiz-app.js').Answer} answer */
    answered(answer, { view = 'quiz', viewName = undefined, at = new Date() } = {}) {
      const { definition, result } = xapiInteraction(answer);
      const statement = base(
        'answered',
        { id: activityIri.card(iriBase, answer.cardId), objectType: 'Activity', definition },
        {
          result: { ...result, extensions: { [extensionIri.checked(iriBase)]: answer.checked, [extensionIri.mode(iriBase)]: answer.kind } },
          view,
          viewName,
          at,
        },
      );
      return statement;
    },
    experienced(view, viewName, at = new Date()) {
      return base(
        'experienced',
        { id: activityIri.view(iriBase, view), objectType: 'Activity', definition: { type: ACTIVITY_TYPES.module, name: { en: viewName } } },
        { at },
      );
    },
    /** The lesson completed; with the checked answers' standing as its score when there is one. */
    completed(score, durationMs, at = new Date()) {
      return base('completed', lesson, {
        result: { completion: true, duration: isoDuration(durationMs), ...(score === null ? {} : { score: { scaled: Math.round(score * 1e4) / 1e4 } }) },
        at,
      });
    },
  };
}
