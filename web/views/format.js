// Number formatting shared by the views: grouped integers, fixed decimals, a real minus sign.
const grouped = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

export const int = (value) => grouped.format(value).replace('-', '−');
export const fixed = (value, digits = 3) => value.toFixed(digits).replace('-', '−');
/** 3.1e-9 style for tiny or huge magnitudes, fixed otherwise. */
export const sci = (value, digits = 2) =>
  (Math.abs(value) !== 0 && (Math.abs(value) < 1e-3 || Math.abs(value) >= 1e6) ? value.toExponential(digits - 1) : value.toFixed(digits)).replace('-', '−');
/** 1st, 2nd, 3rd, 4th, 11th, 21st… */
export const ordinal = (n) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
