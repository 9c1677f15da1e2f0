/**
 * The blog in Chromium (issue 10): the category filter at a 360x740 phone, the footer
 * band's newsletter sign-up, a post with Share copying its link, 'Blog Post Not Found'; then the admin writes a post in the
 * rich-text editor (slug made from the title, preview), publishes it, readers see it,
 * and unpublishing takes it down. Pages are axe-clean.
 */
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, mailOutbox, newsletterSubscribers } from '../src/server/db/schema';
import { TINY_PNG } from '../src/server/test/fixtures';
import { expectAxeClean } from './support/axe';
import { screenshot } from './support/browser';
import { E2E_ADMIN, type TestShop, useShopAndBrowser } from './support/shop';

interface PostSummary {
  slug: string;
  title: string;
  category: string;
}

async function cardTitles(page: Page): Promise<string[]> {
  return page.locator('main ul[aria-live] h3').allTextContents();
}

describe('blog in Chromium', () => {
  const fixture = useShopAndBrowser();
  let shop: TestShop;
  let browser: Browser;
  let posts: PostSummary[];

  beforeAll(async () => {
    ({ shop, browser } = fixture);
    posts = (await (await fetch(`${shop.url}/api/blog`)).json()) as PostSummary[];
  });

  it('filters by category, opens a post, shares its link, and says when a post is missing', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    context.setDefaultTimeout(10_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.url });
    const page = await context.newPage();
    // No native share sheet in headless Chromium on Linux: Share copies the link.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });

    await page.goto(`${shop.url}/blog`);
    await expect.poll(() => cardTitles(page)).toEqual(posts.map((p) => p.title));
    await page.getByRole('button', { name: 'Courses' }).click();
    const courses = posts.filter((p) => p.category === 'courses').map((p) => p.title);
    expect(courses.length).toBeGreaterThan(0);
    await expect.poll(() => cardTitles(page)).toEqual(courses);
    expect(page.url()).toContain('category=courses');
    expect(await page.getByRole('button', { name: 'Courses' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await expectAxeClean(page, '/blog filtered');
    await page.getByRole('button', { name: 'All' }).click();
    await expect.poll(() => cardTitles(page)).toHaveLength(posts.length);

    // The newsletter-style footer signs a reader up (source blog_footer), like the popup.
    const band = page.getByRole('region', { name: 'Get new posts and 15% off your first order' });
    const subscribe = band.getByRole('button', { name: 'Get My 15% Discount' });
    expect(await subscribe.isDisabled()).toBe(true);
    await band.getByLabel('Email address').fill('  reader@example.com ');
    await subscribe.click();
    await expect
      .poll(() => page.getByText('Welcome to the Golf Pins family!').isVisible())
      .toBe(true);
    const [subscriber] = await shop.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'reader@example.com'));
    expect(subscriber?.source).toBe('blog_footer');
    expect(subscriber?.status).toBe('pending');
    expect(await band.getByLabel('Email address').inputValue()).toBe('');

    // The mailed link, opened in the browser: it asks; the button (a form posted from our
    // own page) confirms; opened again it says so.
    const [confirmMail] = await shop.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'reader@example.com'));
    const link = /\/api\/newsletter\/confirm\?token=[\w-]+/.exec(confirmMail!.textBody)![0];
    const confirmPage = await page.context().newPage();
    await confirmPage.goto(`${shop.url}${link}`);
    await confirmPage.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect
      .poll(() => confirmPage.getByRole('heading', { name: 'You are subscribed!' }).isVisible())
      .toBe(true);
    await expectAxeClean(confirmPage, 'newsletter confirmed');
    await confirmPage.goto(`${shop.url}${link}`);
    await expect
      .poll(() => confirmPage.getByRole('heading', { name: 'Already confirmed' }).isVisible())
      .toBe(true);
    await confirmPage.close();

    const post = posts[0]!;
    await page.getByRole('link', { name: new RegExp(post.title) }).click();
    await page.waitForURL(`**/blog/${post.slug}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(post.title);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => page.getByText('Link Copied').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${shop.url}/blog/${post.slug}`,
    );
    expect(
      await page.getByRole('link', { name: 'Shop Ready-Made Pins' }).getAttribute('href'),
    ).toBe('/wholesale');
    await screenshot(page, 'blog-post-phone');
    await expectAxeClean(page, '/blog/{slug}');

    await page.goto(`${shop.url}/blog/no-such-post`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Blog Post Not Found');
    await page.getByRole('link', { name: 'Back to Blog' }).first().click();
    await page.waitForURL('**/blog');
    await context.close();
  });

  it('the admin writes, previews, publishes and unpublishes a post', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));

    await page.goto(`${shop.url}/login?next=%2Fadmin%3Fsection%3Dblog`);
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Blog' })
      .click();
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: 'Blog' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText(posts[0]!.title).first().isVisible()).toBe(true);

    await page.getByRole('button', { name: 'New Post' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title', { exact: true }).fill('Ball Markers Your Members Will Use');
    expect(await dialog.getByLabel('Slug').inputValue()).toBe('ball-markers-your-members-will-use');
    await dialog.getByLabel('Category').selectOption('equipment');
    await dialog.getByLabel('Tags').fill('ball markers, members');
    await dialog
      .getByLabel('Excerpt')
      .fill('Why a magnetic ball marker is the pin golfers use every round.');
    const editor = dialog.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.keyboard.type('A ball marker goes on every green.');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' Members keep them.');
    // A link address the editor refuses is named, not dropped without a word.
    page.once('dialog', (question) => void question.accept('javascript:alert(1)'));
    await dialog.getByRole('button', { name: 'Link' }).click();
    await expect.poll(() => page.getByText('Link Not Added').isVisible()).toBe(true);
    // A paste from Google Docs or Word, on a new line: its Heading 1 stays a heading, a
    // table's cells stay apart.
    await editor.click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await editor.evaluate((el) => {
      const data = new DataTransfer();
      data.setData(
        'text/html',
        '<h1>Pricing</h1><table><tr><th>Qty</th><th>Price</th></tr><tr><td>100</td><td>$5.00</td></tr></table>',
      );
      data.setData('text/plain', 'Pricing Qty Price 100 $5.00');
      el.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await expect.poll(() => page.getByText('Table Pasted as Text').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect
      .poll(() =>
        dialog.getByRole('region', { name: 'Preview' }).locator('strong').first().textContent(),
      )
      .toBe(' Members keep them.');
    // Featured image: uploaded at once (checked by content on the server), then previewed.
    await dialog.getByLabel('Featured image').setInputFiles({
      name: 'marker.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await expect
      .poll(() => dialog.getByRole('img', { name: 'Featured image preview' }).getAttribute('src'))
      .toMatch(/^\/api\/files\//);
    await dialog.getByLabel('Published').check();
    await expectAxeClean(page, 'admin blog post form');
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await expect.poll(() => page.getByText('Post Created').isVisible()).toBe(true);

    const [row] = await shop.database.db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.slug, 'ball-markers-your-members-will-use'));
    expect(row).toMatchObject({ isPublished: true, category: 'equipment' });
    expect(row!.tags).toEqual(['ball markers', 'members']);
    expect(row!.featuredImage).toMatch(/^\/api\/files\//);
    expect(row!.content).toBe(
      '<p>A ball marker goes on every green.<strong> Members keep them.</strong></p><h2>Pricing</h2><p><strong>Qty</strong> | <strong>Price</strong></p><p>100 | $5.00</p>',
    );

    const reader = await context.newPage();
    await reader.goto(`${shop.url}/blog/ball-markers-your-members-will-use`);
    await expect
      .poll(() => reader.locator('h1').textContent())
      .toBe('Ball Markers Your Members Will Use');

    // Unpublish from the table: readers get 'Blog Post Not Found'.
    await page
      .getByRole('button', { name: 'Unpublish Ball Markers Your Members Will Use' })
      .click();
    await expect.poll(() => page.getByText('Post Unpublished').isVisible()).toBe(true);
    const gone = await reader.goto(`${shop.url}/blog/ball-markers-your-members-will-use`);
    expect(gone?.status()).toBe(404);
    await expect.poll(() => reader.locator('h1').textContent()).toBe('Blog Post Not Found');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
