// Progress in the page's own stored format, for the tests that store or import it.

/**
 * A card graded twice, as the page stores it (ts-fsrs's fields, in review); `changes` replace any field.
 * @param {object} [changes]
 */
export const reviewedCard = (changes = {}) => ({
  due: '2020-01-02T00:00:00.000Z',
  stability: 3,
  difficulty: 5,
  elapsed_days: 1,
  scheduled_days: 3,
  learning_steps: 0,
  reps: 2,
  lapses: 0,
  state: 2,
  last_review: '2019-12-30T00:00:00.000Z',
  ...changes,
});
