// How computed cards write numbers: six significant digits, lists comma-separated (the check,
// the explanations and the exports all use it).

/** One number to six significant digits, without trailing zeros. */
export const formatNumber = (value) => Number(value.toPrecision(6)).toString();

/** An answer as the check shows it: six significant digits, lists comma-separated. */
export const formatAnswer = (answer) => (Array.isArray(answer) ? answer : [answer]).map(formatNumber).join(', ');
