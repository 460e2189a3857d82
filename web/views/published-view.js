// The published numbers beside the toy model: tables from data/published.json, each with its
// source, labelled as published and never drawn on the toy model's axes.
import { element, tableHead } from '../dom.js';

/** Renders every published table into `container`. */
export async function showPublishedResults(container) {
  const response = await fetch(new URL('data/published.json', document.baseURI));
  if (!response.ok) throw new Error(`data/published.json: HTTP ${response.status}`);
  const { note, tables } = await response.json();
  container.replaceChildren(
    element('h3', ['Published results (from the papers, not computed here)']),
    element('p', [note], { className: 'help' }),
    ...tables.map((table) =>
      element(
        'table',
        [
          element('caption', [element('strong', [table.title]), element('br'), table.source]),
          tableHead([table.rowLabel, ...table.columns]),
          element(
            'tbody',
            table.rows.map(([label, ...values]) =>
              element('tr', [
                element('th', [label.toLocaleString('en')], { attributes: { scope: 'row' } }),
                // As printed in the paper: JSON drops a trailing zero (7.20 reads 7.2), the table's decimals restore it.
                ...values.map((value) => element('td', [value === null ? table.missing : value.toFixed(table.decimals)])),
              ]),
            ),
          ),
          element('tfoot', [element('tr', [element('td', [table.caveat], { attributes: { colspan: String(table.columns.length + 1) } })])]),
        ],
        { className: 'compact published', id: `published-${table.id}` },
      ),
    ),
  );
}
