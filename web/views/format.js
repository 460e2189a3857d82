// Number formatting shared by the views: grouped integers, fixed decimals, a real minus sign.
const grouped = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

export const int = (value) => grouped.format(value).replace('-', '−');
export const fixed = (value, digits = 3) => value.toFixed(digits).replace('-', '−');
/** 3.1e-9 style for tiny or huge magnitudes, fixed otherwise. */
export const sci = (value, digits = 2) =>
  (Math.abs(value) !== 0 && (Math.abs(value) < 1e-3 || Math.abs(value) >= 1e6) ? value.toExponential(digits - 1) : value.toFixed(digits)).replace('-', '−');
