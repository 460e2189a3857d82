// The deck format's light markup as a pure parser: text in, a small tree out. No HTML is ever
// recognised: "<script>" is just eight characters of text. render.js builds DOM nodes from the tree.
import { formulaText, parseFormula } from './formula.js';

/**
 * @typedef {{ type: 'text', text: string }
 *   | { type: 'strong' | 'em', children: Inline[] }
 *   | { type: 'code', text: string }
 *   | { type: 'math', source: string, tree?: import('./formula.js').FormulaNode, error?: string }} Inline
 * @typedef {{ type: 'paragraph', children: Inline[] }
 *   | { type: 'list', items: Inline[][] }
 *   | { type: 'heading', level: 1 | 2 | 3, children: Inline[] }
 *   | { type: 'codeBlock', text: string }} Block
 */

/**
 * Block structure: blank lines separate paragraphs; "- " lines form a bullet list; "# ", "## ",
 * "### " lines are headings; lines between ``` fences are a code block, kept verbatim.
 * @param {string} text
 * @returns {Block[]}
 */
export function parseMarkup(text) {
  const lines = String(text).replace(/\r\n?/g, '\n').split('\n');
  const blocks = [];
  let paragraph = [];
  let list = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n')) });
    if (list) blocks.push({ type: 'list', items: list.map(parseInline) });
    paragraph = [];
    list = null;
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (line.trimStart().startsWith('```')) {
      flush();
      const code = [];
      for (index++; index < lines.length && !lines[index].trimStart().startsWith('```'); index++) code.push(lines[index]);
      blocks.push({ type: 'codeBlock', text: code.join('\n') });
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = /^(#{1,3}) (.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ type: 'heading', level: /** @type {1|2|3} */ (heading[1].length), children: parseInline(heading[2]) });
      continue;
    }
    const bullet = /^\s*- (.*)$/.exec(line);
    if (bullet) {
      if (paragraph.length > 0) flush();
      list ??= [];
      list.push(bullet[1]);
    } else if (list && /^\s+\S/.test(line)) {
      list[list.length - 1] += `\n${line.trim()}`; // an indented line continues the bullet
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

const MAX_NESTING = 4;

/**
 * Inline markup: `code`, **bold**, *italic*, $formula$; "\" escapes the next marker character.
 * An opener without a closer stays literal text. Bold and italic nest at most MAX_NESTING deep,
 * so hostile input can neither overflow the stack nor take quadratic time.
 * @param {string} text
 * @param {number} [depth]  nesting level, for the recursion
 * @returns {Inline[]}
 */
export function parseInline(text, depth = 0) {
  const nodes = [];
  let buffer = '';
  const pushText = () => {
    if (buffer) nodes.push({ type: 'text', text: buffer });
    buffer = '';
  };
  let at = 0;
  while (at < text.length) {
    const char = text[at];
    if (char === '\\' && '*`$\\'.includes(text[at + 1] ?? '')) {
      buffer += text[at + 1];
      at += 2;
      continue;
    }
    const marker = char === '*' && text[at + 1] === '*' ? '**' : char;
    const nestable = depth < MAX_NESTING || marker === '`' || marker === '$';
    if (nestable && ['`', '$', '**', '*'].includes(marker)) {
      const close = findCloser(text, marker, at + marker.length);
      if (close > at + marker.length) {
        const inner = text.slice(at + marker.length, close);
        pushText();
        if (marker === '`') nodes.push({ type: 'code', text: inner });
        else if (marker === '$') nodes.push(mathNode(inner));
        else nodes.push({ type: marker === '**' ? 'strong' : 'em', children: parseInline(inner, depth + 1) });
        at = close + marker.length;
        continue;
      }
    }
    buffer += char;
    at++;
  }
  pushText();
  return nodes;
}

/** Index of the closing marker, or -1. A single "*" closer must not be half of a "**". */
function findCloser(text, marker, from) {
  let close = text.indexOf(marker, from);
  if (marker === '*') {
    while (close !== -1 && text[close + 1] === '*') close = text.indexOf('*', close + 2);
  }
  // "***" closing a bold that ends in italic: the bold closes on the last two stars.
  if (marker === '**' && close !== -1 && text[close + 2] === '*') close++;
  if (marker === '$' && close !== -1 && text.slice(from, close).includes('\n\n')) return -1;
  return close;
}

function mathNode(source) {
  const parsed = parseFormula(source);
  return parsed.ok === true ? { type: 'math', source, tree: parsed.tree } : { type: 'math', source, error: parsed.error };
}

/**
 * Problems an author should fix: formulas outside the supported subset.
 * @param {string} text
 * @returns {string[]}
 */
export function markupProblems(text) {
  const problems = [];
  const visit = (inlines) => {
    for (const node of inlines) {
      if (node.type === 'math' && node.error) problems.push(`formula ${node.error}`);
      if (node.type === 'strong' || node.type === 'em') visit(node.children);
    }
  };
  for (const block of parseMarkup(text)) {
    if (block.type === 'list') block.items.forEach(visit);
    else if (block.type !== 'codeBlock') visit(block.children);
  }
  return problems;
}

/**
 * The text without markup, for plain-text exports (Anki): formulas as readable text (θ_i, x^(2i/d)),
 * list items after a bullet "•".
 * @param {string} text
 */
export function plainText(text) {
  const inline = (nodes) =>
    nodes
      .map((node) => {
        if (node.type === 'text' || node.type === 'code') return node.text;
        if (node.type === 'math') return node.tree ? formulaText(node.tree).trim() : node.source;
        return inline(node.children);
      })
      .join('');
  return parseMarkup(text)
    .map((block) => {
      if (block.type === 'list') return block.items.map((item) => `• ${inline(item)}`).join('\n');
      if (block.type === 'codeBlock') return block.text;
      return inline(block.children);
    })
    .join('\n\n');
}
