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

  it("turns Word's list paragraphs into lists without the marker text, nested by level", () => {
    const item = (level: number, marker: string, text: string) =>
      `<p class=MsoListParagraph style='margin-left:.5in;text-indent:-.25in;mso-list:l0 level${level} lfo1'><span style='font-family:Symbol;mso-fareast-font-family:Symbol'><span style='mso-list:Ignore'>${marker}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;</span></span></span>${text}</p>\n`;
    const { html } = fitPastedHtml(
      `<p>Why soft enamel:</p>\n${item(1, '·', 'Bright colours')}${item(2, 'o', 'PMS matched')}${item(1, '·', 'Low cost')}<p>Steps:</p>${item(1, '1.', 'Send your logo')}${item(1, '2.', 'Approve the proof')}`,
    );
    expect(html.replace(/\n/g, '')).toBe(
      '<p>Why soft enamel:</p><ul><li><p>Bright colours</p><ul><li><p>PMS matched</p></li></ul></li><li><p>Low cost</p></li></ul>' +
        '<p>Steps:</p><ol><li><p>Send your logo</p></li><li><p>Approve the proof</p></li></ol>',
    );
    expect(html).not.toContain('·');
  });
});
