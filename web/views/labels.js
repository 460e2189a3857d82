// Names shown to people for the engine's identifiers (which stay in URLs, exports and messages to
// the engine). An identifier without a label here is shown as it is.

const SCHEMES = { learned: 'Learned table', sinusoidal: 'Sinusoidal', rope: 'RoPE', alibi: 'ALiBi', t5: 'T5 buckets', nope: 'NoPE' };
const SCALINGS = { none: 'none', pi: 'PI', ntk: 'NTK-aware', yarn: 'YaRN' };
const TASKS = { copyBack: 'Copy the token 3 back', recallFirst: 'Recall the first token' };
const PRESETS = { quick: 'Quick (L = 32)', seedStory: 'The seed question (L = 2,048)' };

const from = (table) => (name) => table[name] ?? name;
export const schemeLabel = from(SCHEMES);
export const scalingLabel = from(SCALINGS);
export const taskLabel = from(TASKS);
export const presetLabel = from(PRESETS);
