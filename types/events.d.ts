// The page's own DOM events, so listeners see their detail's type.
interface DocumentEventMap {
  /** app.js: a view was shown (view: its ?view= name; viewName: its tab's label). */
  'posenc:viewed': CustomEvent<{ view: string; viewName: string }>;
  /** quiz-app.js: the learner answered (bubbles from the quiz panel). */
  'posenc:answered': CustomEvent<import('../web/quiz/quiz-app.js').Answer>;
}
