// The scheduling settings under "Decks & progress": the desired retention, and FSRS parameters
// optimised from the learner's own review log (optimiser.js, loaded only when asked for), with the
// log-loss before and after on the same reviews.
import { cardHistories, MIN_OPTIMISER_REVIEWS, trainingItems } from './review-history.js';
import { progressLimits } from './progress-model.js';
import { element } from '../dom.js';

const fixed = (value, digits = 3) => value.toFixed(digits);

/**
 * @param {import('./quiz-app.js').QuizContext} context
 * @param {{ tell: (text: string, options?: { problem?: boolean }) => void }} status  where what happened is said
 */
export function createSchedulingSettings(context, status) {
  const retention = element('input', [], {
    id: 'desired-retention',
    attributes: {
      type: 'number',
      min: String(progressLimits.minRetention),
      max: String(progressLimits.maxRetention),
      step: '0.01',
      'aria-describedby': 'desired-retention-help',
    },
  });
  const optimise = element('button', ['Optimise my FSRS parameters'], {
    id: 'optimise-fsrs',
    className: 'secondary',
    attributes: { type: 'button', 'aria-describedby': 'optimiser-state' },
  });
  const reset = element('button', ['Use the default parameters'], { id: 'reset-fsrs', className: 'secondary', attributes: { type: 'button' } });
  const state = element('p', [], { id: 'optimiser-state', className: 'hint' });
  const root = element('div', [
    element('h3', ['Scheduling']),
    element('p', [element('label', ['Desired retention: '], { attributes: { for: 'desired-retention' } }), retention]),
    element(
      'p',
      [
        `The chance you want of still recalling a card when it comes due, from ${progressLimits.minRetention.toFixed(2)} to ${progressLimits.maxRetention.toFixed(2)}. Higher means shorter intervals and more reviews.`,
      ],
      { className: 'hint', id: 'desired-retention-help' },
    ),
    element('p', [optimise, ' ', reset], { className: 'button-row' }),
    state,
  ]);

  retention.addEventListener('change', () => {
    const value = Number(retention.value);
    const chosen = Number.isFinite(value) ? Math.round(Math.min(progressLimits.maxRetention, Math.max(progressLimits.minRetention, value)) * 100) / 100 : 0.9;
    context.updateProgress((latest) => ({ ...latest, settings: { ...latest.settings, desiredRetention: chosen } }));
    retention.value = chosen.toFixed(2);
    status.tell(`Desired retention: ${chosen.toFixed(2)}. Intervals from your next grade on use it.`);
  });

  optimise.addEventListener('click', async () => {
    const progress = context.getProgress();
    const items = trainingItems(cardHistories(progress.log));
    if (items.length < MIN_OPTIMISER_REVIEWS) return;
    optimise.disabled = true;
    status.tell(`Optimising on ${items.length} reviews…`);
    try {
      const { optimiseParameters } = await import('./optimiser.js');
      const result = await optimiseParameters(items, progress.settings.parameters);
      const comparison = `log-loss on your ${items.length} reviews: ${fixed(result.logLossBefore)} with the parameters in use, ${fixed(result.logLossAfter)} optimised (lower predicts your recall better)`;
      if (result.logLossAfter < result.logLossBefore) {
        const optimised = { at: new Date().toISOString(), reviews: items.length, logLossBefore: result.logLossBefore, logLossAfter: result.logLossAfter };
        context.updateProgress((latest) => ({ ...latest, settings: { ...latest.settings, parameters: result.parameters, optimised } }));
        status.tell(`Optimised: ${comparison}. Your own parameters schedule your cards from now on.`);
      } else {
        status.tell(`Not changed: ${comparison}. The parameters in use predict your reviews as well or better, so they stay.`);
      }
    } catch (error) {
      status.tell(`The optimiser could not run: ${error.message}. Your parameters are unchanged.`, { problem: true });
    }
    render();
  });

  reset.addEventListener('click', async () => {
    if (!(await context.confirm("Go back to FSRS's default parameters? You can optimise again at any time."))) return;
    context.updateProgress((latest) => {
      const { parameters, optimised, ...settings } = latest.settings;
      return { ...latest, settings };
    });
    status.tell("FSRS's default parameters are in use again.");
    render();
  });

  function render() {
    const { settings, log } = context.getProgress();
    retention.value = settings.desiredRetention.toFixed(2);
    const usable = trainingItems(cardHistories(log)).length;
    optimise.disabled = usable < MIN_OPTIMISER_REVIEWS;
    reset.hidden = !settings.parameters;
    const last = settings.optimised
      ? ` In use: your own parameters, optimised ${new Date(settings.optimised.at).toLocaleDateString()} from ${settings.optimised.reviews} reviews (log-loss ${fixed(settings.optimised.logLossBefore)} before, ${fixed(settings.optimised.logLossAfter)} after).`
      : " In use: FSRS's default parameters.";
    state.textContent =
      usable < MIN_OPTIMISER_REVIEWS
        ? `The optimiser fits FSRS to your own reviews once you have ${MIN_OPTIMISER_REVIEWS} reviews made a day or more after the card's previous one; you have ${usable}.${last}`
        : `${usable} of your reviews can train the optimiser; it runs in this browser and sends nothing anywhere.${last}`;
  }
  return { root, render };
}
