// Parses the formula subset of the deck format ($...$) into a small tree that render.js turns
// into MathML. Anything outside the subset is an error, so authors hear about it at validation.

const greek = new Map(Object.entries({ theta: 'θ', pi: 'π', omega: 'ω', alpha: 'α', beta: 'β', lambda: 'λ', delta: 'δ' }));
const functions = new Set(['sin', 'cos', 'log']);
const operators = new Set(['+', '-', '−', '=', '/', '·', '×', '<', '>', '≤', '≥', '≈', '∼', '→', '…', '(', ')', '[', ']', ',', '|']);
// Shown with the proper minus sign; the source keeps the ASCII hyphen.
const operatorGlyph = { '-': '−' };

/**
 * @typedef {{ type: 'mi' | 'mn' | 'mo', text: string }
 *   | { type: 'msup' | 'msub', base: FormulaNode, script: FormulaNode }
 *   | { type: 'msqrt' | 'mrow', children: FormulaNode[] }} FormulaNode
 */

/**
 * @param {string} source  the text between the dollars
 * @returns {{ ok: true, tree: FormulaNode } | { ok: false, error: string }}
 */
export function parseFormula(source) {
  let at = 0;
  const fail = (message) => {
    throw new SyntaxError(`${message} at character ${at + 1} of "${source}"`);
  };

  /** Reads nodes until the end or a closing brace (when inside a group). */
  function sequence(insideGroup) {
    const children = [];
    while (at < source.length) {
      const char = source[at];
      if (char === '}') {
        if (!insideGroup) fail('unmatched "}"');
        return children;
      }
      if (char === ' ') {
        at++;
        continue;
      }
      if (char === '^' || char === '_') {
        at++;
        if (children.length === 0) fail(`"${char}" needs something before it`);
        const base = children.pop();
        children.push({ type: char === '^' ? 'msup' : 'msub', base, script: atom() });
        continue;
      }
      children.push(atom());
    }
    if (insideGroup) fail('missing "}"');
    return children;
  }

  /** One operand: a group, a command, a number, a letter or an operator. */
  function atom() {
    if (at >= source.length) fail('formula ends too early');
    const char = source[at];
    if (char === '{') {
      at++;
      const children = sequence(true);
      at++; // the closing brace
      return { type: 'mrow', children };
    }
    if (char === '\\') return command();
    if (/[0-9]/.test(char)) {
      const match = /^[0-9]+(?:[.,][0-9]+)*/.exec(source.slice(at));
      at += match[0].length;
      return { type: 'mn', text: match[0] };
    }
    if (/\p{L}/u.test(char)) {
      at++;
      return { type: 'mi', text: char };
    }
    if (char === '.') {
      at++;
      return { type: 'mo', text: '.' };
    }
    if (operators.has(char)) {
      at++;
      return { type: 'mo', text: operatorGlyph[char] ?? char };
    }
    return fail(`"${char}" is not allowed in a formula`);
  }

  function command() {
    const match = /^\\([a-zA-Z]+)/.exec(source.slice(at));
    if (!match) return fail('"\\" must start a command');
    const name = match[1];
    at += match[0].length;
    if (greek.has(name)) return { type: 'mi', text: greek.get(name) };
    if (functions.has(name)) return { type: 'mi', text: name };
    if (name === 'sqrt') {
      while (source[at] === ' ') at++;
      if (source[at] !== '{') fail('\\sqrt needs {...}');
      const group = atom();
      return { type: 'msqrt', children: group.children };
    }
    return fail(`unknown command "\\${name}"`);
  }

  try {
    return { ok: true, tree: { type: 'mrow', children: sequence(false) } };
  } catch (error) {
    if (error instanceof SyntaxError) return { ok: false, error: error.message };
    throw error;
  }
}

// Operators written with a space on each side in plain text; the rest ("/", "|", brackets) without.
const spaced = new Set(['+', '−', '=', '·', '×', '<', '>', '≤', '≥', '≈', '∼', '→']);
const closing = new Set([')', ']', '|']);

/**
 * A formula tree as readable plain text, for exports that cannot show MathML: Greek letters and
 * the minus sign as characters, x^(...) and x_(...) for scripts of more than one symbol, √(...).
 * "PE(p, 2i) = \sin(p / 10000^{2i/d})" reads "PE(p, 2i) = sin(p/10000^(2i/d))".
 * @param {FormulaNode} node
 * @returns {string}
 */
export function formulaText(node) {
  switch (node.type) {
    case 'mi':
    case 'mn':
    case 'mo':
      return node.text;
    case 'msup':
    case 'msub': {
      const script = formulaText(node.script);
      const single = node.script.type !== 'mrow' || node.script.children.length === 1;
      return `${formulaText(node.base)}${node.type === 'msup' ? '^' : '_'}${single ? script : `(${script})`}`;
    }
    case 'msqrt':
      return `√(${node.children.map(formulaText).join('')})`;
    default:
      return node.children
        .map((child, i) => {
          const before = node.children[i - 1];
          const text = formulaText(child);
          if (child.type === 'mo') {
            if (text === ',') return ', ';
            // A sign at the start or after another operator is unary: "−2i", not "− 2i".
            const unary = !before || (before.type === 'mo' && !closing.has(before.text));
            return spaced.has(text) && !unary ? ` ${text} ` : text;
          }
          // A function name is set apart from a letter or number beside it: "sin x", "0.1 log(s)".
          const named = (n) => n?.type === 'mi' && n.text.length > 1;
          return before && before.type !== 'mo' && (named(before) || named(child)) ? ` ${text}` : text;
        })
        .join('');
  }
}
