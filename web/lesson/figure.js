// A lesson figure: an instrument's drawing with its caption, as every step's instrument lays it out.
import { element } from '../dom.js';

/** A <figure> of `children` captioned `caption`. */
export const figure = (children, caption, className = '') =>
  element('figure', [...children, element('figcaption', [caption])], { className: `lesson-figure ${className}`.trim() });
