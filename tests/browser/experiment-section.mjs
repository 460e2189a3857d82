// Helpers for the model view's section of experiments past L (grid-section.js): wait for a run to
// end, and read what an export button downloads.
import { readFileSync } from 'node:fs';

/** Resolves when the section's progress line says the run ended (done, or the trainer stopped). */
export const runEnded = (page) =>
  page.waitForFunction(() => /^(Done|The trainer)/.test(document.getElementById('grid-progress-text').textContent), null, { timeout: 120_000 });

/** Clicks an export `button`; the downloaded file's name and text. */
export async function exported(page, button) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
}
