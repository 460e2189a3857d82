// A review log simulated from known FSRS parameters, for the optimiser's tests (node and browser).
const dist = new URL('../../dist/', import.meta.url);
const { fsrs, generatorParameters, createEmptyCard, default_w: defaults, Rating, State } = await import(new URL('vendor/ts-fsrs.mjs', dist));
const { seededRandom } = await import(new URL('quiz/random.js', dist));

// The simulated learner forgets faster at first and after lapses than FSRS's defaults assume.
export const known = [...defaults];
known.splice(0, 4, 0.05, 0.3, 0.9, 3.5);
known[11] = 0.8;

/**
 * A year of reviews of `count` cards by a learner whose memory follows `parameters`: each card is
 * reviewed when due (desired retention 0.9), recalled with the probability those parameters give.
 */
export function simulateLog(parameters, count, seed, begin = new Date('2025-01-06T08:00:00Z')) {
  const random = seededRandom(seed);
  const scheduler = fsrs(generatorParameters({ w: parameters, enable_fuzz: false }));
  const log = [];
  for (let index = 0; index < count; index++) {
    const cardId = `card-${index}`;
    let now = new Date(begin.getTime() + Math.floor(random() * 60) * 86_400_000);
    let card = createEmptyCard(now);
    for (let review = 0; review < 12 && now - begin < 365 * 86_400_000; review++) {
      let rating;
      if (card.state === State.New) rating = [Rating.Again, Rating.Hard, Rating.Good, Rating.Easy][[0.2, 0.4, 0.9, 1].findIndex((edge) => random() < edge)];
      else {
        const recalled = random() < scheduler.get_retrievability(card, now, false);
        rating = !recalled ? Rating.Again : random() < 0.1 ? Rating.Hard : random() < 0.9 ? Rating.Good : Rating.Easy;
      }
      log.push({ cardId, rating, state: card.state, review: now.toISOString() });
      card = scheduler.next(card, now, rating).card;
      now = card.due;
    }
  }
  return log;
}
