// The lesson's content: for each step of the outline (web/lesson/outline.js), a few paragraphs in
// deck markup, the prediction's question, the live instrument and its settings, and the cards to
// test oneself on. The numbers the step shows come from web/lesson/readings.js.
import { LESSON_STEPS } from './outline.js';

/**
 * @typedef {{ name: string, label: string, min: number, max: number, below?: string }} PositionControl  a number box with a
 *   slider; below: the name of a setting the position must stay under (the heatmap's range n)
 * @typedef {{ name: string, label: string, options?: [string | number, string][], names?: string }} ChoiceControl  a <select> of
 *   `options` (value, label), or of the names in one of the engine's tables (posenc.names[names]) with their labels
 * @typedef {{ kind: 'attention' | 'heatmap' | 'offsets' | 'column' | 'buckets' | 'training', scheme?: string, trained?: boolean,
 *   defaults: Record<string, string | number>, positions?: PositionControl[], choices?: ChoiceControl[] }} Instrument
 * @typedef {{ text: string, unit?: string, choices?: { id: string, label: string }[] }} Question
 * @typedef {import('./outline.js').OutlineStep & { paragraphs: string[], question: Question, instrument: Instrument, cards: string[] }} Step
 */

const position = (label, min, max) => ({ name: 'p', label, min, max });

/** @type {Record<string, Omit<Step, keyof import('./outline.js').OutlineStep>>} */
const content = {
  'why-position': {
    paragraphs: [
      'Self-attention scores every key against the query with a dot product, turns the scores into weights with a softmax, and mixes the values with those weights. Nothing in that recipe asks *where* a token sits. Hand the layer the same tokens in another order and each key keeps its weight; only the list is reordered. The feed-forward layers act on one token at a time, so they cannot tell either.',
      'So without a position signal a transformer reads a bag of tokens: "dog bites man" and "man bites dog" are the same input. The instrument is one toy attention head with fixed random weights and a vocabulary of 64 tokens, scoring the keys 0 to p for a query at p. Switch the scheme to add a position signal and watch what changes.',
      'One caveat. A decoder with a causal mask is not completely blind: token p sees exactly p + 1 tokens, so later layers can in effect count. That is why a decoder with no encoding at all (NoPE) can still learn order; step 7 comes back to it.',
    ],
    question: {
      text: 'The query at position 200 sees 201 keys, each one of 64 possible tokens. With no position signal (NoPE), how many *different* attention weights do those 201 keys get?',
      unit: 'different weights',
    },
    instrument: {
      kind: 'attention',
      defaults: { p: 200, scheme: 'nope' },
      positions: [position('Query position p', 64, 2000)],
      choices: [{ name: 'scheme', label: 'Position signal', names: 'scheme' }],
    },
    cards: ['why-transformers-need-position', 'absolute-vs-relative-comparison'],
  },
  'sinusoidal-clocks': {
    paragraphs: [
      'The original Transformer (Vaswani et al., 2017) adds a fixed vector to every token. Its dimensions come in pairs, and pair i holds $\\sin(p \\omega_{i})$ and $\\cos(p \\omega_{i})$ with $\\omega_{i} = 1 / 10000^{2i/d}$. Think of each pair as the hand of a clock turning at its own speed: the fastest goes round every 2π ≈ 6.3 positions, the slowest takes tens of thousands.',
      'Fast hands tell neighbours apart but come round again quickly; slow hands hardly move but do not repeat within a document. Read together they give every position its own pattern, like the digits of a counter, only smooth. And since each pair is a point on a circle, stepping k positions turns that point by the same angle wherever you start.',
      'In the heatmap position runs left to right and dimension top to bottom: the stripes widen as the pairs slow down. Change d or the range and see how many pairs manage a full turn inside it.',
    ],
    question: {
      text: 'With d = 64 (32 pairs) and base 10,000, how many pairs complete at least one full turn within the first 1,024 positions?',
      unit: 'pairs',
    },
    instrument: {
      kind: 'heatmap',
      scheme: 'sinusoidal',
      defaults: { d: 64, n: 1024, p: 500 },
      positions: [{ ...position('Position p', 0, 8191), below: 'n' }],
      choices: [
        { name: 'd', label: 'Dimensions d', options: [16, 32, 64, 128, 256].map((d) => [d, String(d)]) },
        { name: 'n', label: 'Positions shown', options: [256, 512, 1024, 2048, 4096, 8192].map((n) => [n, n.toLocaleString('en-US')]) },
      ],
    },
    cards: ['why-sine-and-cosine-pairs', 'sinusoidal-wavelengths-binary-counter'],
  },
  'sinusoidal-offsets': {
    paragraphs: [
      'Because every pair is a turning point on a circle, the dot product of two encodings depends only on how far apart they are: PE(p) · PE(p + δ) is the sum over the pairs of $\\cos(\\delta \\omega_{i})$. The instrument draws it from two starting points; move p and compare.',
      'It is tempting to conclude that sinusoidal encodings make attention relative. They do not. The encoding is added to the token embedding and both go through learned projections, so a score is the product of $(x + PE(p)) W_{q}$ with $(y + PE(r)) W_{k}$ for a token x at p and a token y at r. Nothing forces those matrices to keep the rotation, and the cross terms between content and position carry absolute positions with them.',
      'What survives is a hint the model can learn to use, not a guarantee. The relative schemes of the next steps (RoPE, ALiBi, T5) build the offset into the score itself.',
    ],
    question: {
      text: 'Move p from 100 to 3,000. What happens to the curve of PE(p) · PE(p + δ) over δ?',
      choices: [
        { id: 'same', label: 'It stays exactly the same' },
        { id: 'moves', label: 'It keeps its shape but moves along δ' },
        { id: 'flattens', label: 'It flattens: far positions look more alike' },
        { id: 'noise', label: 'It turns into noise' },
      ],
    },
    instrument: { kind: 'offsets', scheme: 'sinusoidal', defaults: { p: 3000 }, positions: [position('Second starting position p', 0, 8000)] },
    cards: ['sinusoidal-linear-offset-limits', 'add-vs-concatenate-position'],
  },
  'learned-table': {
    paragraphs: [
      'BERT (512 rows) and GPT-2 (1,024 rows) learn one vector per position index, trained like word embeddings. A table can fit whatever the data needs, and inside its length it works well.',
      'Its limit is blunt: there is no row past the end. Asked for position 5,000 with 2,048 rows, a lookup fails, or a policy hands over some other row. *Clamp* repeats the last row, *wrap* reuses row p mod L, a sliding *window* drops the oldest tokens and renumbers the rest, and *interpolate* squeezes all positions into the trained rows. Every one gives the model a vector it learned for a different position.',
      'Before training a table is plain noise, its rows no more alike for neighbours than for strangers (the Encodings view shows one). Whatever sense of order a learned table has, the training data put there, one index at a time.',
    ],
    question: { text: 'A learned table has 2,048 rows, 0 to 2,047. Under the wrap policy, which row does position 5,000 get?', unit: '(row number)' },
    instrument: {
      kind: 'column',
      scheme: 'learned',
      defaults: { p: 5000, overflow: 'wrap' },
      positions: [position('Position p', 0, 20000)],
      choices: [{ name: 'overflow', label: 'Past the last row', names: 'overflow' }],
    },
    cards: ['learned-absolute-tables-bert-gpt2', 'past-the-table-workarounds'],
  },
  'rope-rotation': {
    paragraphs: [
      'Rotary position embedding (RoPE, Su et al., 2021) adds nothing to the token. It rotates each pair of query and key dimensions by an angle proportional to the position: pair i of a vector at position m turns by $m \\theta_{i}$, with $\\theta_{i} = 10000^{-2i/d}$.',
      'For their dot product, rotating the query by m and the key by n is the same as rotating the query alone by m − n, so the score $R(m)q · R(n)k$ depends on the two positions only through their offset. Unlike the sinusoidal dot product of step 3, this is the attention logit itself, whatever q and k the model learned.',
      'This is why RoPE became the default of open decoder models (the LLaMA, Mistral and Qwen families and most models since). It also means the angles keep growing with the offset: a distance longer than any seen in training gives angles the model never saw, which step 8 measures.',
    ],
    question: {
      text: 'The same q and k, once with the query at 110 and the key at 100, once with the query at 3,010 and the key at 3,000. How do the two RoPE scores compare?',
      choices: [
        { id: 'equal', label: 'They are equal' },
        { id: 'far-lower', label: 'The pair at 3,000 scores lower' },
        { id: 'far-higher', label: 'The pair at 3,000 scores higher' },
        { id: 'unrelated', label: 'There is no fixed relation' },
      ],
    },
    instrument: { kind: 'offsets', scheme: 'rope', defaults: { p: 3000 }, positions: [position('Second key position p', 0, 8000)] },
    cards: ['rope-rotation-relative-score', 'rope-interleaved-vs-rotate-half'],
  },
  'alibi-penalty': {
    paragraphs: [
      'ALiBi (Press et al., 2022) leaves queries and keys alone and subtracts $m · (i - j)$ from each logit: the further back the key, the larger the penalty. Each head has its own slope m, a geometric series (for eight heads 1/2, 1/4, … 1/256), so some heads stay local and others look further out.',
      "There is nothing to run out of: distance 5,000 gets a bias like any other, and the paper showed perplexity staying flat well past the training length. But the penalty is steep. Far enough back the bias is so negative that the key's weight is, for every practical purpose, zero.",
      'So a flat perplexity curve does not show that the model uses far context; it may simply ignore it. A task that needs a token thousands of positions back, such as retrieving a passkey, tells the two apart.',
    ],
    question: {
      text: "ALiBi with 8 heads: how many heads still give a key 1,000 positions back at least a millionth of the nearest key's weight?",
      unit: 'heads',
    },
    instrument: {
      kind: 'column',
      scheme: 'alibi',
      defaults: { p: 1000, heads: 8 },
      positions: [position('Distance to the key', 1, 20000)],
      choices: [{ name: 'heads', label: 'Heads', options: [1, 2, 4, 8, 12, 16].map((n) => [n, String(n)]) }],
    },
    cards: ['alibi-linear-bias-slopes', 'alibi-far-context-flat-perplexity'],
  },
  't5-and-nope': {
    paragraphs: [
      'T5 (Raffel et al., 2020) learns one number per head for each *bucket* of relative distance and adds it to the logit. Short distances get a bucket each; longer ones share buckets that widen logarithmically up to a maximum distance (128 by default), and everything beyond falls into the last bucket.',
      'Far positions are therefore never out of range, but they are never told apart either: to a T5 bias a key 5,000 back looks exactly like one 91 back. Content has to do the rest.',
      'NoPE takes this to the limit with no position signal at all. In a decoder the causal mask still leaks order, and Kazemnejad et al. (2023) found NoPE generalising to longer inputs at least as well as the explicit schemes on their synthetic tasks. Several 2025 models interleave attention layers without any position signal among their RoPE layers.',
    ],
    question: {
      text: "In T5's default bucketing (32 buckets, maximum distance 128), from which distance on do all distances share one bucket?",
      unit: '(distance)',
    },
    instrument: { kind: 'buckets', scheme: 't5', defaults: { p: 300 }, positions: [position('Distance to the key', 0, 20000)] },
    cards: ['t5-relative-bias-buckets', 'nope-causal-mask-position'],
  },
  'position-5000': {
    paragraphs: [
      'Suppose training stopped at 2,048 tokens. A learned table has no row 5,000 (step 4). The sinusoidal formula does give a vector at 5,000, but defined is not trained: the slow pairs only ever swept part of their circle below 2,048, and at 5,000 they point where no training example did.',
      'So the question is not whether a vector exists but whether the model has seen anything like it. For each pair, compare the angle at p with the arc the positions below L swept. A fast pair that went round many times has seen every angle; a slow one has not.',
      'RoPE has the same problem in relative form: at an offset of 5,000 its slowest pairs turn past anything training produced. Switch the scheme, and slide p back under 2,048 to watch the count fall to zero.',
      'Under the pairs sits a real model: a one-layer toy transformer trained with this scheme to 2,048 positions on copying the token three back, the one the Position 5,000 view asks. Its line is its attention over every earlier key. Try p = 1,000 and then 5,000, and compare where it looks with where the answer is, and how sure it stays.',
    ],
    question: {
      text: 'A sinusoidal encoding with d = 512 has 256 pairs. Training stopped at 2,048 positions: how many of the pairs never completed a full turn?',
      unit: 'pairs',
    },
    instrument: {
      kind: 'column',
      scheme: 'sinusoidal',
      trained: true,
      defaults: { p: 5000, scheme: 'sinusoidal' },
      positions: [position('Position p', 0, 20000)],
      choices: [
        {
          name: 'scheme',
          label: 'Scheme',
          options: [
            ['sinusoidal', 'Sinusoidal (d = 512)'],
            ['rope', 'RoPE (head dimension 64)'],
          ],
        },
      ],
    },
    cards: ['defined-is-not-trained', 'rope-beyond-trained-length'],
  },
  'fluent-but-wrong': {
    paragraphs: [
      'What does a model do with inputs it was never trained on? It does not stop or warn; it answers, often as confidently as ever. Accuracy and confidence come apart.',
      'Here you train a tiny one-layer transformer in your browser to copy the token three positions back, on sequences of 32 tokens, then ask it at positions up to 256. Inside 32 it learns the task. Past 32, see for yourself. (ALiBi and NoPE cannot point at an exact offset among random tokens, so this task says little about them; the Toy model view gives them a second task.)',
      'Large models show the same pattern: past the trained length their text stays grammatical while retrieval and reasoning fail. Fluent output is not evidence of accurate output.',
    ],
    question: {
      text: 'Inside its 32 trained positions the sinusoidal model copies almost perfectly. What share of its answers past position 32 will be right?',
      unit: '%',
    },
    instrument: { kind: 'training', defaults: { scheme: 'sinusoidal' }, choices: [{ name: 'scheme', label: 'Position scheme', names: 'scheme' }] },
    cards: ['fluent-is-not-accurate', 'sinusoidal-free-extrapolation-myth'],
  },
  'stretching-rope': {
    paragraphs: [
      'Long-context versions of RoPE models are made by rescaling the rotation, usually followed by a short fine-tune at the new length. Position Interpolation (PI, Chen et al., 2023) divides every position by s = new length / trained length, so every angle stays inside the trained range, at the price of packing neighbouring positions closer together than training ever did.',
      'NTK-aware scaling raises the base instead, to $b · s^{d/(d-2)}$: the fast pairs barely change and only the slowest is slowed by the full s, so pairs in between can still leave the trained range. YaRN (Peng et al., 2024) interpolates only the pairs whose wavelength is longer than the context, keeps the fast pairs as they are, blends in between, and sharpens attention with a factor of $0.1 \\log s + 1$ (natural log).',
      "Recipes of this family, such as YaRN and Llama 3's frequency-dependent scaling, are how open models reached contexts of 128k tokens and more from shorter pre-training.",
      'The toy RoPE model of step 8 is asked again under the column, now with the scaling you pick and no fine-tuning at all. Compare what each scaling does to the offset of three it learned.',
    ],
    question: {
      text: 'At p = 5,000 in a model trained to 2,048 (head dimension 64), which scalings bring every RoPE pair back inside the angles seen in training?',
      choices: [
        { id: 'none', label: 'None of them' },
        { id: 'pi', label: 'PI only' },
        { id: 'pi-yarn', label: 'PI and YaRN' },
        { id: 'all', label: 'PI, NTK-aware and YaRN' },
      ],
    },
    instrument: {
      kind: 'column',
      scheme: 'rope',
      trained: true,
      defaults: { p: 5000, scaling: 'none' },
      positions: [position('Position p', 0, 20000)],
      choices: [{ name: 'scaling', label: 'Scaling', names: 'scalingKind' }],
    },
    cards: ['pi-ntk-yarn-compared-at-5000', 'yarn-ntk-by-parts-temperature'],
  },
};

/** @type {readonly Step[]} */
export const STEPS = Object.freeze(LESSON_STEPS.map((outline) => ({ ...outline, ...content[outline.id] })));

/**
 * A choice's options as [value, label] pairs: its own, or the names of an engine table with their
 * labels (null while the engine's names are not at hand).
 * @param {ChoiceControl} choice @param {Record<string, readonly { name: string, label: string }[]>} [names]
 * @returns {[string | number, string][] | null}
 */
export function choiceOptions(choice, names = undefined) {
  if (choice.options) return choice.options;
  return names ? names[choice.names].map(({ name, label }) => /** @type {[string, string]} */ ([name, label])) : null;
}

/**
 * The step's settings from `given` (the URL's, or the controls'): each value the step can show,
 * anything else (missing, out of its range, not one of its options) its default. Before the
 * engine's names are at hand, a choice from an engine table keeps the given name (the router
 * took only names of the engine's form); the instrument checks it again with the names.
 * @param {Step} step
 * @param {Record<string, unknown>} given
 * @param {Record<string, readonly { name: string, label: string }[]>} [names]  posenc.names
 */
export function stepSettings(step, given, names = undefined) {
  const { defaults, positions = [], choices = [] } = step.instrument;
  const settings = { ...defaults };
  for (const choice of choices) {
    const options = choiceOptions(choice, names);
    const value = given[choice.name];
    if (options ? options.some(([option]) => option === value) : typeof value === 'string') settings[choice.name] = /** @type {string | number} */ (value);
  }
  for (const { name, min, max, below } of positions) {
    const value = given[name];
    if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) settings[name] = value;
    if (below !== undefined) settings[name] = Math.min(/** @type {number} */ (settings[name]), /** @type {number} */ (settings[below]) - 1);
  }
  return settings;
}
