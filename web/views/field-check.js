// A settings field that refuses bad input where it is typed: one message beside the field
// (announced, and tied to it with aria-describedby), the field marked invalid, and nothing sent
// on to the engine or the URL until the value is good again.
import { element } from '../dom.js';
import { int } from './format.js';

/**
 * @param {HTMLInputElement} input  needs an id
 * @returns {{ message: HTMLElement, show: (text: string) => void, clear: () => void }}
 *   message: the element to place beside the field
 */
export function fieldProblem(input) {
  const message = element('span', [], { id: `${input.id}-problem`, className: 'field-problem', attributes: { 'aria-live': 'polite' } });
  const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  input.setAttribute('aria-describedby', [...describedBy, message.id].join(' '));
  return {
    message,
    show(text) {
      if (message.textContent !== text) message.textContent = text;
      input.setAttribute('aria-invalid', 'true');
    },
    clear() {
      message.textContent = '';
      input.removeAttribute('aria-invalid');
    },
  };
}

/**
 * Reads a whole number typed in a field: the number, or the reason it is refused.
 * @param {string} text
 * @param {{ name: string, min: number, max: number, even?: boolean }} rule
 * @returns {{ value: number } | { problem: string }}
 */
export function readWholeNumber(text, { name, min, max, even = false }) {
  const value = Number(text.trim());
  const allowed = `${name} must be ${even ? 'an even' : 'a'} whole number from ${int(min)} to ${int(max)}`;
  if (text.trim() === '') return { problem: `${allowed}.` };
  if (!Number.isInteger(value) || value < min || value > max || (even && value % 2 !== 0)) return { problem: `${allowed}; got ${text.trim().slice(0, 20)}.` };
  return { value };
}
