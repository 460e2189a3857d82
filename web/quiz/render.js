// Builds DOM nodes from markup.js trees. Deck text only ever becomes text nodes; formulas become
// MathML elements made with createElementNS. No HTML parsing anywhere.
import { element } from '../dom.js';
import { parseInline, parseMarkup } from './markup.js';

const MATHML = 'http://www.w3.org/1998/Math/MathML';

/**
 * Renders block markup (paragraphs, lists, headings, code blocks).
 * @param {string} text
 * @param {{ headingLevel?: number }} [options]  HTML level for a "# " heading (default 4)
 * @returns {DocumentFragment}
 */
export function renderMarkup(text, { headingLevel = 4 } = {}) {
  const fragment = document.createDocumentFragment();
  for (const block of parseMarkup(text)) {
    if (block.type === 'paragraph') fragment.append(element('p', renderInlineNodes(block.children)));
    else if (block.type === 'list')
      fragment.append(
        element(
          'ul',
          block.items.map((item) => element('li', renderInlineNodes(item))),
        ),
      );
    else if (block.type === 'heading') fragment.append(element(`h${Math.min(6, headingLevel + block.level - 1)}`, renderInlineNodes(block.children)));
    else fragment.append(element('pre', [element('code', [block.text])]));
  }
  return fragment;
}

/**
 * Renders one line of inline markup (for questions, list items, labels).
 * @param {string} text
 * @returns {DocumentFragment}
 */
export function renderInline(text) {
  const fragment = document.createDocumentFragment();
  fragment.append(...renderInlineNodes(parseInline(text)));
  return fragment;
}

/** @param {import('./markup.js').Inline[]} nodes @returns {(Node|string)[]} */
function renderInlineNodes(nodes) {
  return nodes.map((node) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'code':
        return element('code', [node.text]);
      case 'strong':
        return element('strong', renderInlineNodes(node.children));
      case 'em':
        return element('em', renderInlineNodes(node.children));
      case 'math':
        return node.tree ? renderFormula(node.tree, node.source) : element('code', [node.source]);
      default:
        return '';
    }
  });
}

/** A <math> element; the TeX-like source stays available to assistive tech as alttext. */
function renderFormula(tree, source) {
  const math = document.createElementNS(MATHML, 'math');
  math.setAttribute('alttext', source);
  math.append(mathNode(tree));
  return math;
}

/** @param {import('./formula.js').FormulaNode} node @returns {Element} */
function mathNode(node) {
  const make = (name, children) => {
    const made = document.createElementNS(MATHML, name);
    made.append(...children);
    return made;
  };
  switch (node.type) {
    case 'mi':
    case 'mn':
    case 'mo':
      return make(node.type, [node.text]);
    case 'msup':
    case 'msub':
      return make(node.type, [mathNode(node.base), mathNode(node.script)]);
    default:
      return make(node.type, node.children.map(mathNode));
  }
}
