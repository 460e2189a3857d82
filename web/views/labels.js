// Names shown to people for the model view's tasks and presets, worded for the presets' settings
// (the token 3 back). Schemes and scalings have their labels in the engine (posenc.names). An
// identifier without a label here is shown as it is.

const TASKS = { copyBack: 'Copy the token 3 back', recallFirst: 'Recall the first token' };
const PRESETS = { quick: 'Quick (L = 32)', seedStory: 'The seed question (L = 2,048)' };

const from = (table) => (name) => table[name] ?? name;
export const taskLabel = from(TASKS);
export const presetLabel = from(PRESETS);
