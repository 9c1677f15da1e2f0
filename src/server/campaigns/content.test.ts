/** What a marketing mail's content becomes (content.ts): safe, and its links work in a mail. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { marketingContent, personalise } from './content';

const config = loadConfig({ PUBLIC_URL: 'https://pins.example' });

describe('marketing content', () => {
  it('makes relative links and images absolute against PUBLIC_URL, in both parts', () => {
    const mail = marketingContent(config, {
      subject: 'News',
      content:
        '<p>See the <a href="/wholesale">shop</a>, <a href="blog/new-pins">the post</a>, <a href="https://other.example/x">a partner</a>, <a href="mailto:hi@pins.example">us</a> and <a href="#top">the top</a>.</p><img src="/uploads/pin.png" alt="A pin">',
    });
    expect(mail.html).toContain('href="https://pins.example/wholesale"');
    expect(mail.html).toContain('href="https://pins.example/blog/new-pins"');
    expect(mail.html).toContain('href="https://other.example/x"');
    expect(mail.html).toContain('href="mailto:hi@pins.example"');
    expect(mail.html).toContain('href="#top"');
    expect(mail.html).toContain('src="https://pins.example/uploads/pin.png"');
    expect(mail.html).not.toMatch(/(?:href|src)="\/(?!\/)/);
    expect(mail.text).toContain('shop (https://pins.example/wholesale)');
  });

  it('still strips what is not safe', () => {
    const mail = marketingContent(config, {
      subject: 'News',
      content:
        '<a href="javascript:alert(1)">x</a><img src=x onerror="alert(2)"><script>alert(3)</script>',
    });
    expect(mail.html).not.toContain('javascript:');
    expect(mail.html).not.toContain('onerror');
    expect(mail.html).not.toContain('<script');
  });
});

describe('personalise', () => {
  it("puts a recipient's name and organisation in as they are, `$` patterns included", () => {
    const content = {
      subject: 'For {{name}}',
      html: '<p>Hi {{name}} of {{organization}}</p><a href="{{unsubscribe}}">Unsubscribe</a>',
      text: 'Hi {{name}} of {{organization}}. Unsubscribe: {{unsubscribe}}',
    };
    const mail = personalise(
      content,
      { email: 'cash@golf.test', name: "Cash $& Carry $' $$", organization: 'Club $`' },
      'https://pins.example/api/unsubscribe?e=a&t=b',
    );
    expect(mail.subject).toBe("For Cash $& Carry $' $$");
    expect(mail.text).toBe(
      "Hi Cash $& Carry $' $$ of Club $`. Unsubscribe: https://pins.example/api/unsubscribe?e=a&t=b",
    );
    expect(mail.html).toBe(
      '<p>Hi Cash $&amp; Carry $&#39; $$ of Club $`</p><a href="https://pins.example/api/unsubscribe?e=a&amp;t=b">Unsubscribe</a>',
    );
  });
});
