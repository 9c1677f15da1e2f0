// @vitest-environment jsdom
/** What a Word or Google Docs paste carries is fitted to the blog editor, not flattened. */
import { describe, expect, it } from 'vitest';
import { fitPastedHtml } from './pasted-html';

describe('fitPastedHtml', () => {
  it('maps headings 1 and 4-6 to the levels the editor keeps, keeping their content', () => {
    const { html, tables } = fitPastedHtml(
      '<h1>Section <em>A</em></h1><p>para</p><h2>Two</h2><h4>Detail</h4><h6>Fine</h6>',
    );
    expect(html).toBe(
      '<h2>Section <em>A</em></h2><p>para</p><h2>Two</h2><h3>Detail</h3><h3>Fine</h3>',
    );
    expect(tables).toBe(0);
  });

  it('turns a table into one paragraph per row, cells apart, header cells bold', () => {
    const { html, tables } = fitPastedHtml(
      '<p>Prices</p><table><thead><tr><th>Qty</th><th>Price</th></tr></thead><tbody><tr><td>100</td><td>$5.00</td></tr><tr><td> </td><td></td></tr><tr><td>250</td><td>$4.50\n</td></tr></tbody></table>',
    );
    expect(html).toBe(
      '<p>Prices</p><p><strong>Qty</strong> | <strong>Price</strong></p><p>100 | $5.00</p><p>250 | $4.50</p>',
    );
    expect(tables).toBe(1);
  });
});
