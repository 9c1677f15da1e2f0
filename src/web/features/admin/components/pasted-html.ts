/**
 * Pasted HTML fitted to the blog editor's schema (rich-text-editor.tsx: headings 2 and 3,
 * no tables), so what a Word or Google Docs paste carries is kept instead of flattened:
 * a Heading 1 becomes a heading 2, headings 4 to 6 become heading 3, and a table becomes
 * one paragraph per row with its cells separated by ' | ' (the editor has no tables; its
 * cells' texts would otherwise run together, '100$5.00').
 */

/** `html` with headings mapped and tables turned into rows; `tables` counts the tables. */
export function fitPastedHtml(html: string): { html: string; tables: number } {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const rename = (from: string, to: string) => {
    for (const el of [...doc.body.querySelectorAll(from)]) {
      const heading = doc.createElement(to);
      heading.append(...el.childNodes);
      el.replaceWith(heading);
    }
  };
  rename('h1', 'h2');
  for (const level of ['h4', 'h5', 'h6']) rename(level, 'h3');
  const tables = [...doc.body.querySelectorAll('table')].filter(
    (t) => !t.parentElement?.closest('table'),
  );
  for (const table of tables) {
    const rows = [...table.querySelectorAll('tr')].filter((tr) => tr.closest('table') === table);
    const paragraphs = rows
      .map((tr) => {
        const cells = [...tr.children].filter((c) => c.localName === 'td' || c.localName === 'th');
        const p = doc.createElement('p');
        cells.forEach((cell, i) => {
          if (i > 0) p.append(' | ');
          const text = (cell.textContent ?? '').replace(/\s+/g, ' ').trim();
          if (cell.localName === 'th') {
            const strong = doc.createElement('strong');
            strong.textContent = text;
            p.append(strong);
          } else p.append(text);
        });
        return p;
      })
      .filter((p) => p.textContent?.replace(/[\s|]/g, '') !== '');
    table.replaceWith(...paragraphs);
  }
  return { html: doc.body.innerHTML, tables: tables.length };
}
