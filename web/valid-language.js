// The learner's language setting as tags Intl accepts, set before any code reads it. Engines pass on
// the system's setting as they find it: WebKitGTK under LANG=C (servers, build machines, some kiosks)
// reports navigator.language "C", which every Intl constructor refuses with a RangeError. uPlot
// builds its number format from navigator.language as it loads, so a chart's module would fail to
// load. Where no tag the learner's engine lists is valid, the page's own language stands in.
const valid = (tag) => {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
};

/** The valid tags of `languages`, or ['en-US'] (the page is written in US English) if none is. */
export function validLanguages(languages) {
  const usable = [...(languages ?? [])].filter(valid);
  return usable.length > 0 ? usable : ['en-US'];
}

if (typeof navigator !== 'undefined' && !valid(navigator.language)) {
  const languages = Object.freeze(validLanguages(navigator.languages));
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
  Object.defineProperty(navigator, 'language', { value: languages[0], configurable: true });
}
