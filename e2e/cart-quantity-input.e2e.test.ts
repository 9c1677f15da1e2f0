/**
 * Typing a cart quantity (docs/decisions.md "Typing a cart quantity (2026-11-27)") in the
 * real drawer at 360x740: the line fits with a five-digit value in the field; 25 + Enter is
 * one PATCH and the server's price for 25 (the 20% tier); above the stock the field is
 * lowered to it with 'Only N left in stock' on the field; Escape while typing puts the
 * quantity back and leaves the drawer open; the drawer is axe-clean.
 */
import { randomUUID } from 'node:crypto';
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAxeClean } from './support/axe';
import { screenshot } from './support/browser';
import { useShopAndBrowser } from './support/shop';

describe('typing a cart quantity', () => {
  const fixture = useShopAndBrowser();

  it('360x740: fits, sends a committed quantity once, lowers it to the stock, Escape reverts', async () => {
    const { shop, browser } = fixture;
    const products = (await (await fetch(`${shop.url}/api/products`)).json()) as {
      id: number;
      name: string;
      price: number;
      inStock: boolean;
      stockQuantity: number;
      purchaseLimit: number | null;
    }[];
    const pin = products.find(
      (p) => p.inStock && p.stockQuantity >= 30 && p.price > 0 && !p.purchaseLimit,
    )!;
    expect(pin, 'a priced pin with 30+ in stock').toBeDefined();
    const sessionId = randomUUID();
    const added = await fetch(`${shop.url}/api/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': sessionId },
      body: JSON.stringify({ productId: pin.id, quantity: 1 }),
    });
    expect(added.ok).toBe(true);

    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    context.setDefaultTimeout(15_000);
    await context.addInitScript((id) => localStorage.setItem('sessionId', id), sessionId);
    const page = await context.newPage();
    const patches: Request[] = [];
    page.on('request', (req) => {
      if (req.method() === 'PATCH' && req.url().includes('/api/cart/')) patches.push(req);
    });
    await page.goto(`${shop.url}/wholesale`);
    await page.locator('header button[aria-haspopup="dialog"]').click();
    const drawer = page.getByRole('dialog', { name: 'Shopping Cart' });
    const field = drawer.getByRole('textbox', { name: `Quantity of ${pin.name}` });
    await expect.poll(() => field.inputValue()).toBe('1');

    // A five-digit value (the line's most is 10,000) shows whole and the line stays inside
    // the drawer at 360 px; nothing is sent while typing.
    await field.fill('10000');
    const fit = await field.evaluate((input) => {
      const li = input.closest('li')!;
      const plus = li.querySelector('button[aria-label^="Increase"]')!.getBoundingClientRect();
      const dialog = input.closest('[role="dialog"]')!;
      return {
        fieldFits: input.scrollWidth <= input.clientWidth,
        lineFits: li.scrollWidth <= li.clientWidth,
        plusInside: plus.right <= li.getBoundingClientRect().right,
        drawerFits: dialog.scrollWidth <= dialog.clientWidth,
      };
    });
    expect(fit).toEqual({ fieldFits: true, lineFits: true, plusInside: true, drawerFits: true });
    await screenshot(page, 'cart-quantity-input-360x740');
    await field.press('Escape');
    await expect.poll(() => field.inputValue()).toBe('1');
    await expect(drawer.isVisible()).resolves.toBe(true);
    expect(patches).toEqual([]);

    // 25 + Enter: one PATCH; the server's line (20% volume tier) comes back.
    await field.fill('25');
    await field.press('Enter');
    await drawer.getByText('20% volume discount', { exact: false }).waitFor();
    expect(await field.inputValue()).toBe('25');
    expect(patches.map((p) => p.postDataJSON())).toEqual([{ quantity: 25 }]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Quantity of ${pin.name}`,
    );

    // Above the stock: lowered to it, and the stock hint describes the field.
    await field.fill('999');
    await field.press('Tab');
    await expect.poll(() => field.inputValue()).toBe(String(pin.stockQuantity));
    await expect
      .poll(() =>
        field.evaluate((input) =>
          (input.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent)
            .join('|'),
        ),
      )
      .toBe(`Only ${pin.stockQuantity} left in stock`);
    await expect.poll(() => patches.length).toBe(2);
    expect(patches[1]!.postDataJSON()).toEqual({ quantity: pin.stockQuantity });
    await expectAxeClean(page, 'the cart drawer with a typed quantity at 360x740');
    await context.close();
  });
});
