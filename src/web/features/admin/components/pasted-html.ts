/**
 * Pasted HTML fitted to the blog editor's schema (rich-text-editor.tsx: headings 2 and 3,
 * no tables), so what a Word or Google Docs paste carries is kept instead of flattened:
 * a Heading 1 becomes a heading 2, headings 4 to 6 become heading 3, and a table becomes
 * one paragraph per row with its cells separated by ' | ' (the editor has no tables; its
 * cells' texts would otherwise run together, '100$5.00'). Word's lists, which it pastes
 * as paragraphs styled `mso-list:lN levelM` with the bullet or number as text in a
 * `mso-list:Ignore` span, become real lists (bulleted, or numbered when the marker is a
 * number or letter), nested by level, without the marker text.
 */

/** The list level of a Word list paragraph (1 = top), or 0 for any other element. */
function wordListLevel(el: Element): number {
  if (el.localName !== 'p') return 0;
  const level = /mso-list:\s*l\d+\s+level(\d+)/i.exec(el.getAttribute('style') ?? '');
  return level ? Number(level[1]) : 0;
}

/** Replaces runs of Word list paragraphs under `doc.body` with `ul`/`ol` lists. */
function fitWordLists(doc: Document): void {
  const paragraphs = [...doc.body.querySelectorAll('p')].filter((p) => wordListLevel(p) > 0);
  const done = new Set<Element>();
  for (const first of paragraphs) {
    if (done.has(first)) continue;
    // The run: this paragraph and the list paragraphs right after it.
    const run: Element[] = [];
    for (let el: Element | null = first; el && wordListLevel(el) > 0; ) {
      run.push(el);
      done.add(el);
      let next: ChildNode | null = el.nextSibling;
      while (next && next.nodeType === 3 && !next.textContent?.trim()) next = next.nextSibling;
      el = next && next.nodeType === 1 ? (next as Element) : null;
    }
    /** Open lists, outermost first, with the level each one holds. */
    const stack: { list: Element; level: number }[] = [];
    let top: Element | null = null;
    for (const para of run) {
      const level = wordListLevel(para);
      const markers = [...para.querySelectorAll('span')].filter((span) =>
        /mso-list:\s*ignore/i.test(span.getAttribute('style') ?? ''),
      );
      const marker = markers
        .map((m) => m.textContent ?? '')
        .join('')
        .trim();
      for (const m of markers) {
        // The marker and the spans left empty around it (Word wraps it in a font span).
        let parent: Element | null = m.parentElement;
        m.remove();
        while (parent && parent !== para && parent.localName === 'span' && !parent.textContent) {
          const up: Element | null = parent.parentElement;
          parent.remove();
          parent = up;
        }
      }
      while (stack.length && stack.at(-1)!.level > level) stack.pop();
      if (!stack.length || stack.at(-1)!.level < level) {
        const list = doc.createElement(/^(\d+|[a-z]|[ivxlc]+)[.)]/i.test(marker) ? 'ol' : 'ul');
        const parentItem = stack.at(-1)?.list.lastElementChild;
        if (parentItem) parentItem.append(list);
        else top = list;
        stack.push({ list, level });
      }
      const item = doc.createElement('li');
      const p = doc.createElement('p');
      p.append(...para.childNodes);
      item.append(p);
      stack.at(-1)!.list.append(item);
    }
    first.before(top!);
    for (const para of run) para.remove();
  }
}

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
  fitWordLists(doc);
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
