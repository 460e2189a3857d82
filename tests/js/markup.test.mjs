// The light markup parser: structure, formulas, and hostile input staying text.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

const { parseMarkup, parseInline, plainText, markupProblems } = await import(new URL('../../dist/quiz/markup.js', import.meta.url));
const { parseFormula } = await import(new URL('../../dist/quiz/formula.js', import.meta.url));

/** Every node type that appears anywhere in a tree. */
function typesIn(tree, found = new Set()) {
  for (const node of [tree].flat()) {
    if (!node || typeof node !== 'object') continue;
    if (node.type) found.add(node.type);
    for (const value of Object.values(node)) if (typeof value === 'object') typesIn(value, found);
  }
  return found;
}
const allowed = new Set([
  'paragraph',
  'list',
  'heading',
  'codeBlock',
  'text',
  'strong',
  'em',
  'code',
  'math',
  'mrow',
  'mi',
  'mn',
  'mo',
  'msup',
  'msub',
  'msqrt',
]);

describe('block structure', () => {
  test('blank lines separate paragraphs; "- " lines form a list', () => {
    const blocks = parseMarkup('First paragraph\nsame paragraph.\n\n- one\n- two\n\nLast.');
    assert.deepEqual(
      blocks.map((block) => block.type),
      ['paragraph', 'list', 'paragraph'],
    );
    assert.deepEqual(blocks[0].children, [{ type: 'text', text: 'First paragraph\nsame paragraph.' }]);
    assert.deepEqual(blocks[1].items, [[{ type: 'text', text: 'one' }], [{ type: 'text', text: 'two' }]]);
  });

  test('headings and fenced code blocks; code is kept verbatim', () => {
    const blocks = parseMarkup('# Title\n```\nx = **not bold** $a$\n```\nafter');
    assert.deepEqual(blocks, [
      { type: 'heading', level: 1, children: [{ type: 'text', text: 'Title' }] },
      { type: 'codeBlock', text: 'x = **not bold** $a$' },
      { type: 'paragraph', children: [{ type: 'text', text: 'after' }] },
    ]);
  });
});

describe('inline markup', () => {
  test('bold, italic, code, nesting', () => {
    assert.deepEqual(parseInline('a **b *c*** `d*e` f'), [
      { type: 'text', text: 'a ' },
      {
        type: 'strong',
        children: [
          { type: 'text', text: 'b ' },
          { type: 'em', children: [{ type: 'text', text: 'c' }] },
        ],
      },
      { type: 'text', text: ' ' },
      { type: 'code', text: 'd*e' },
      { type: 'text', text: ' f' },
    ]);
  });

  test('unclosed markers and escapes stay literal', () => {
    assert.deepEqual(parseInline('2 * 3 costs \\$5 and `x'), [{ type: 'text', text: '2 * 3 costs $5 and `x' }]);
  });

  test('a formula in the subset becomes a formula tree', () => {
    const [node] = parseInline('$PE(p, 2i) = \\sin(p / 10000^{2i/d})$');
    assert.equal(node.type, 'math');
    assert.equal(node.error, undefined);
    assert.ok(typesIn(node.tree).has('msup'));
  });

  test('greek letters, sqrt, subscripts and the listed symbols', () => {
    for (const source of [
      '\\theta_{i} = 10000^{-2i/d}',
      '\\sqrt{d} ≈ 8',
      'a · b × c ≤ d ≥ e < f > g',
      '|x| = [0, 1]',
      '\\alpha \\beta \\lambda \\delta \\omega \\pi \\log x \\cos y',
    ]) {
      assert.equal(parseFormula(source).ok, true, source);
    }
  });

  test('formulas outside the subset are reported for authors and render as code text', () => {
    assert.match(markupProblems('see $\\frac{a}{b}$')[0], /unknown command "\\frac"/);
    assert.match(markupProblems('see $x^{2$')[0], /missing "}"/);
    assert.deepEqual(markupProblems('fine $x^2$ and **bold**'), []);
  });

  test('plainText drops markup for plain exports; formulas read as text, not TeX', () => {
    assert.equal(plainText('**Bold** and *it* with `code` and $x^2$\n\n- a\n- b'), 'Bold and it with code and x^2\n\n• a\n• b');
    assert.equal(plainText('$PE(p, 2i) = \\sin(p / 10000^{2i/d})$'), 'PE(p, 2i) = sin(p/10000^(2i/d))');
    assert.equal(plainText('$\\theta_{i} = b^{-2i/d}$ and $\\sqrt{1/t} = 0.1 \\log(s) + 1$'), 'θ_i = b^(−2i/d) and √(1/t) = 0.1 log(s) + 1');
    assert.equal(plainText('$-m(i - j)$, $(x_{2i}, x_{2i+1})$'), '−m(i − j), (x_(2i), x_(2i + 1))');
  });
});

describe('hostile input stays text', () => {
  const payloads = [
    '<script>window.pwned = 1</script>',
    '<img src=x onerror="window.pwned = 1">',
    '[click](javascript:window.pwned=1) <a href="javascript:alert(1)">x</a>',
    '<svg onload="window.pwned=1"><circle r="5"/></svg>',
    '**<script>x</script>** `<img onerror=alert(1)>` *<iframe src=//evil>*',
    '$<script>$',
  ];
  for (const payload of payloads) {
    test(payload.slice(0, 40), () => {
      const blocks = parseMarkup(payload);
      for (const type of typesIn(blocks)) assert.ok(allowed.has(type), `unexpected node type ${type}`);
      // The characters survive as text: nothing was interpreted or dropped.
      const text = plainText(payload).replace(/\s/g, '');
      for (const token of ['<', 'script', 'onerror', 'javascript:', 'svg'].filter((t) => payload.includes(t))) assert.ok(text.includes(token), token);
    });
  }

  test('a formula cannot smuggle markup: "<" is an operator character, "script" letters', () => {
    const [node] = parseInline('$<script>$');
    assert.equal(node.type, 'math');
    assert.deepEqual(node.tree.children.map((child) => child.text).join(''), '<script>');
  });

  test('a 1 MB string parses quickly into text', () => {
    for (const big of ['*'.repeat(1 << 20), '<script>'.repeat(1 << 17), `$${'a'.repeat(1 << 20)}`, '**a*'.repeat(1 << 18)]) {
      const started = performance.now();
      const blocks = parseMarkup(big);
      assert.ok(performance.now() - started < 3000, 'parse time');
      for (const type of typesIn(blocks)) assert.ok(allowed.has(type), type);
    }
  });
});
