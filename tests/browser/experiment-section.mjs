// Helpers for the model view's section of experiments past L (grid-section.js): wait for the section,
// for its progress line, for a run to end, and read what an export button downloads.
import { readFileSync } from 'node:fs';
import { waitForText } from './browser.mjs';

/** Resolves when the section has listed its sizes (the worker's presets arrived). */
export const sectionReady = (page) => page.locator('#grid-size option').first().waitFor({ state: 'attached', timeout: 30_000 });

/** Resolves when the section's progress line starts with `text`. */
export const progressStartsWith = (page, text, timeout) => waitForText(page, '#grid-progress-text', new RegExp(`^${text}`), timeout);

/** Resolves when the section's progress line says the run ended (done, or the trainer stopped). */
export const runEnded = (page) => waitForText(page, '#grid-progress-text', /^(Done|The trainer)/, 120_000);

/** Clicks an export `button`; the downloaded file's name and text. */
export async function exported(page, button) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
}
