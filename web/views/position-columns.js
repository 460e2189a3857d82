// The position view's column for each scheme: its heading, the engine's verdict and numbers, the
// frequency-pair figure, and the toy model trained to L at p (its verdict, reason, task and its
// attention over the keys), with a link to the scheme's cards. position-view.js fills them in.
import { element } from '../dom.js';
import { quizMeLink } from '../route-link.js';
import { pairFigure } from './pair-figure.js';

/**
 * One empty column per scheme the engine names, in its order, each with the nodes the view writes to.
 * @param {import('../posenc.js').NameList<import('../posenc.js').Scheme>} schemes
 */
export function schemeColumns(schemes) {
  return new Map(
    schemes.map(({ name: scheme, label: title }) => {
      const verdict = element('p', [], { className: 'scheme-verdict', attributes: { 'aria-live': 'polite' } });
      const body = element('div', [], { className: 'scheme-body' });
      const strip = pairFigure(`pos-${scheme}-pairs`);
      const spark = element('canvas', [], {
        className: 'sparkline',
        attributes: { width: '320', height: '60', role: 'img', 'aria-label': `The trained ${title} model's attention of query p over keys 0 to p` },
      });
      const sparkNote = element('p', [], { className: 'spark-note' });
      const modelVerdict = element('p', [], { className: 'model-verdict', attributes: { 'aria-live': 'polite' } });
      const modelReason = element('p', [], { className: 'model-reason' });
      const taskNote = element('p', [], { className: 'task-note' });
      const column = element(
        'section',
        [
          element('h3', [title]),
          verdict,
          strip.figure,
          body,
          element(
            'section',
            [
              element('h4', ['The trained model at p']),
              taskNote,
              modelVerdict,
              modelReason,
              element('figure', [spark, element('figcaption', [sparkNote])], { className: 'attention' }),
            ],
            { className: 'trained-model' },
          ),
          element('p', [quizMeLink(`tag:${scheme}`, title)], { className: 'quiz-me-row' }),
        ],
        { className: `scheme-column scheme-${scheme}`, attributes: { 'aria-label': title } },
      );
      return [scheme, { column, verdict, body, strip, spark, sparkNote, modelVerdict, modelReason, taskNote }];
    }),
  );
}
