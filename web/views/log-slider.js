// The position view's p slider is logarithmic: SLIDER_STEPS steps cover 0..max, about 1% apart past p = 100
// when max is 65,536, and still under 2% apart at the analysis bound 2^24.
export const SLIDER_STEPS = 1000;

/** p = (max + 1)^(step / SLIDER_STEPS) - 1, rounded: step 0 is p = 0, the last step max. */
export const stepToPosition = (step, max) => Math.round((max + 1) ** (step / SLIDER_STEPS) - 1);

/** The step nearest p. */
export const positionToStep = (p, max) => Math.round((SLIDER_STEPS * Math.log(p + 1)) / Math.log(max + 1));
