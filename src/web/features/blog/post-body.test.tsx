// @vitest-environment jsdom
/**
 * The post body rendered as elements stays sanitised (DECISIONS.md "Blog HTML is
 * sanitised"; docs/decisions.md issue 10): what DOMPurify removes is not rendered, and
 * what it keeps is rendered with the parser's attributes and texts.
 */
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { unmount } from '@/test/dom';
import { PostBody } from './post-body';

let container: HTMLDivElement | undefined;
afterEach(async () => {
  await unmount(container);
});

function mount(html: string): HTMLElement {
  container = document.createElement('div');
  document.body.append(container);
  render(<PostBody className="prose-post" html={html} />, container);
  return container.querySelector('.prose-post')!;
}

describe('PostBody', () => {
  it('drops scripts, handlers, styles, frames, form controls and javascript: links', () => {
    const body = mount(
      `<p onclick="alert(1)" style="color:red">Hi<script>window.hacked = 1</script></p>
<img src="x" onerror="window.hacked = 2"><iframe src="https://evil.example"></iframe>
<form action="/x"><input name="a"><button>Go</button></form><style>p{}</style>
<a href="javascript:alert(1)">bad</a><svg><script>1</script></svg><!-- note -->`,
    );
    expect(body.querySelector('script, iframe, form, input, button, style, svg')).toBeNull();
    expect(body.querySelector('[onclick], [onerror], [style]')).toBeNull();
    expect(body.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect(body.querySelector('img')?.getAttribute('src')).toBe('x');
    expect([...body.childNodes].some((n) => n.nodeType === Node.COMMENT_NODE)).toBe(false);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it("keeps the parser's elements, attributes and texts; links that open a tab get rel", () => {
    const body = mount(
      `<h2 id="plating">Plating &amp; <em>colour</em></h2>\n<p>1 &lt; 2 <a href="https://example.com" target="_blank">open</a> <a href="/wholesale" title="Pins">pins</a></p>\n<ol start="3"><li>Three</li></ol>`,
    );
    expect(body.innerHTML).toBe(
      '<h2 id="user-content-plating">Plating &amp; <em>colour</em></h2>\n<p>1 &lt; 2 <a href="https://example.com" target="_blank" rel="noopener noreferrer">open</a> <a href="/wholesale" title="Pins">pins</a></p>\n<ol start="3"><li>Three</li></ol>',
    );
  });

  it("cannot take the id of the page's own elements (ids and names are prefixed)", () => {
    const body = mount('<p id="store-facts">{"name":"EvilCo"}</p><a name="page-data">x</a>');
    expect(document.getElementById('store-facts')).toBeNull();
    expect(body.querySelector('p')!.id).toBe('user-content-store-facts');
    expect(body.querySelector('a')!.getAttribute('name')).toBe('user-content-page-data');
  });

  it('points links within the post at the prefixed ids', () => {
    const body = mount(
      '<a href="#faq">FAQ</a><a href="https://example.com/#x">out</a><h2 id="faq">FAQ</h2>',
    );
    const [inPost, out] = body.querySelectorAll('a');
    expect(inPost!.getAttribute('href')).toBe('#user-content-faq');
    expect(body.querySelector(inPost!.getAttribute('href')!)).toBe(body.querySelector('h2'));
    expect(out!.getAttribute('href')).toBe('https://example.com/#x');
  });

  it('renders text that looks like markup as text', () => {
    const body = mount('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(body.querySelector('script')).toBeNull();
    expect(body.textContent).toBe('<script>alert(1)</script>');
  });
});
