// Reporting to a course platform, only when one asks for it. SCORM 1.2: when an LMS API object
// is found in a parent or opener window, the quiz score and completion go to it. xAPI: with
// ?xapi=parent, answered/completed statements are posted to the parent window. Nothing is sent
// otherwise, and the page runs the same with or without an LMS.

const COMPLETION_ANSWERS = 10;  // answers after which the session counts as completed
const VERBS = {
  answered: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } },
  completed: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
};

/** The SCORM 1.2 API (window.API) of the nearest parent or opener that has one, or null. */
export function findScormApi(start = window) {
  for (const origin of [start, start.opener].filter(Boolean)) {
    let win = origin;
    for (let depth = 0; win && depth < 10; depth++) {
      try {
        if (win.API && typeof win.API.LMSInitialize === 'function') return win.API;
      } catch { /* a cross-origin parent: no API reachable there */ }
      if (win.parent === win) break;
      win = win.parent;
    }
  }
  return null;
}

/** Score so far: the share of answers that were right, 0..100. */
export function scoreOf(tally) {
  return tally.answered === 0 ? 0 : Math.round((100 * tally.right) / tally.answered);
}

/**
 * Starts reporting the learner's answers ('posenc:answered' events from the quiz).
 * @param {{ scorm?: any, postToParent?: boolean, activity?: string }} [options]
 */
export function startLmsReporting({ scorm = findScormApi(), postToParent = new URLSearchParams(location.search).get('xapi') === 'parent',
  activity = `${location.origin}${location.pathname}` } = {}) {
  if (!scorm && !postToParent) return null;
  const tally = { answered: 0, right: 0, completed: false };
  if (scorm) {
    scorm.LMSInitialize('');
    if (scorm.LMSGetValue('cmi.core.lesson_status') === 'not attempted') scorm.LMSSetValue('cmi.core.lesson_status', 'incomplete');
  }
  const post = (verb, object, result) => {
    if (postToParent && window.parent !== window)
      window.parent.postMessage({ type: 'posenc:xapi', statement: { verb: VERBS[verb], object, result, timestamp: new Date().toISOString() } }, '*');
  };

  document.addEventListener('posenc:answered', (event) => {
    const { cardId, question, correct, kind } = event.detail;
    tally.answered++;
    if (correct) tally.right++;
    post('answered', { id: `${activity}#${encodeURIComponent(cardId)}`, definition: { name: { 'en-US': question }, type: `http://adlnet.gov/expapi/activities/cmi.interaction` } },
      { success: correct, extensions: { [`${activity}#mode`]: kind } });
    const justCompleted = !tally.completed && tally.answered >= COMPLETION_ANSWERS;
    if (justCompleted) {
      tally.completed = true;
      post('completed', { id: activity, definition: { name: { 'en-US': 'posenc flash cards' } } }, { score: { scaled: scoreOf(tally) / 100 }, completion: true });
    }
    if (scorm) {
      scorm.LMSSetValue('cmi.core.score.min', '0');
      scorm.LMSSetValue('cmi.core.score.max', '100');
      scorm.LMSSetValue('cmi.core.score.raw', String(scoreOf(tally)));
      if (justCompleted) scorm.LMSSetValue('cmi.core.lesson_status', 'completed');
      scorm.LMSCommit('');
    }
  });
  if (scorm) window.addEventListener('pagehide', () => scorm.LMSFinish(''), { once: true });
  return tally;
}
