/**
 * The custom pin loop in Chromium against the real shop (embedded PGlite, demo data,
 * offline test payments): a first-time customer signs up, completes the five wizard steps
 * with a promo code and rush, sees the live preview follow the plating and the confetti,
 * pays the deposit in test mode and finds the order in Track Order; the admin marks it
 * mockup_sent, then approved, and generates the balance link; the customer opens the
 * link, pays the balance and sees 'Payment Complete!'; Track Order then shows the balance
 * paid. axe finds no violations on /custom, /checkout (custom) and /balance-payment.
 * Back from checkout restores the order in the wizard (kept until the deposit is paid).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customOrders } from '../src/server/db/schema';
import { TINY_PNG } from '../src/server/test/fixtures';
import { formatUsd } from '../src/shared/money';
import { PIN_ART_METALS } from '../src/shared/pin-art';
import { discountAmount, priceCustomPins } from '../src/shared/pricing';
import { expectAxeClean } from './support/axe';
import { screenshot } from './support/browser';
import { E2E_ADMIN, useShopAndBrowser } from './support/shop';

describe('custom pin order in Chromium', () => {
  const fixture = useShopAndBrowser();

  it('wizard with promo and rush, deposit, admin approval and link, balance, Track Order', async () => {
    const { shop, browser } = fixture;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));

    // A first-time customer: a new account with no orders.
    await page.goto(`${shop.url}/register`);
    await page.getByLabel('Username').fill('pebblecreek');
    await page.getByLabel('Email').fill('pro@pebblecreek.example');
    await page.getByLabel('Password', { exact: true }).fill('birdie-putt-42');
    await page.getByLabel('Confirm Password').fill('birdie-putt-42');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText('Account Created!').isVisible()).toBe(true);

    // Step 1: quantity, with the price table visible.
    await page.goto(`${shop.url}/custom`);
    await expect
      .poll(() =>
        page.getByRole('heading', { level: 1, name: 'Design Your Custom Golf Pin' }).isVisible(),
      )
      .toBe(true);
    await expect
      .poll(() => page.getByText(/Rush orders: only 3 spots left this month/).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole('table').getByText('$7.00').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('pin-preview').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await screenshot(page, 'custom-01-wizard');
    await expectAxeClean(page, '/custom');
    await page.getByLabel('Quantity', { exact: true }).fill('100');
    await page.getByRole('button', { name: 'Next Step' }).click();

    // Step 2: size and plating; the preview follows the plating.
    await expect
      .poll(() => page.getByRole('heading', { name: 'Step 2: Pin Specifications' }).isVisible())
      .toBe(true);
    const preview = page.getByTestId('pin-preview');
    expect(await preview.getAttribute('data-plating')).toBe('silver');
    expect(await preview.innerHTML()).toContain(PIN_ART_METALS.silver[1]);
    await page.getByRole('radio', { name: /1\.25 inch/ }).check();
    await page.getByRole('radio', { name: /^Gold/ }).check();
    await expect.poll(() => preview.getAttribute('data-plating')).toBe('gold');
    expect(await preview.innerHTML()).toContain(PIN_ART_METALS.gold[1]);
    expect(await preview.innerHTML()).not.toContain(PIN_ART_METALS.silver[1]);
    await expect.poll(() => page.getByText('Your pin (1.25 in)').isVisible()).toBe(true);
    await screenshot(page, 'custom-02-gold-preview');
    await page.getByRole('button', { name: 'Next Step' }).click();

    // Step 3: backing cards (just pins goes) and rush.
    await page.getByRole('checkbox', { name: /Backing Cards/ }).check();
    expect(await page.getByRole('checkbox', { name: /Just Pins/ }).isChecked()).toBe(false);
    await page.getByRole('radio', { name: /Rush Order/ }).check();
    await page.getByRole('button', { name: 'Next Step' }).click();

    // Step 4: logo (upload) and contact details; Next waits for them.
    const next = page.getByRole('button', { name: 'Next Step' });
    await expect.poll(() => next.isDisabled()).toBe(true);
    await page.getByLabel('Logo or design file *').setInputFiles({
      name: 'crest.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await page.getByLabel('Full Name *').fill('Pat Green');
    // A disabled Next says what is missing (its description, read with the button).
    await page.getByLabel('Email *').fill('pro@pebblecreek');
    await expect
      .poll(() =>
        next
          .getAttribute('aria-describedby')
          .then((id) => page.locator(`[id="${id}"]`).textContent()),
      )
      .toBe('To continue, enter a valid email address.');
    await page.getByLabel('Email *').fill('pro@pebblecreek.example');
    await expect.poll(() => page.getByAltText('Your uploaded logo').isVisible()).toBe(true);
    await expect.poll(() => preview.locator('image').count()).toBe(1);
    await next.click();

    // Step 5: promo code, then the deposit the shared price module computes.
    const options = {
      quantity: 100,
      size: '1.25inch',
      plating: 'gold',
      packaging: ['backing-cards'],
      rushOrder: true,
    } as const;
    const base = priceCustomPins({ ...options, packaging: [...options.packaging] });
    const discount = discountAmount(
      { discountType: 'percentage', discountValue: 10 },
      base.baseTotalCents,
    );
    const quote = priceCustomPins({
      ...options,
      packaging: [...options.packaging],
      discountCents: discount,
    });
    await page.getByLabel('Promo code').fill('welcome10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByText('Promo Code Applied').isVisible()).toBe(true);
    const pay = page.getByRole('button', {
      name: `Pay Deposit - ${formatUsd(quote.depositCents)}`,
    });
    await expect.poll(() => pay.isVisible()).toBe(true);
    await screenshot(page, 'custom-03-review');
    await expectAxeClean(page, '/custom step 5');
    await pay.click();

    // First order: confetti and the congratulations, then checkout.
    await expect
      .poll(() => page.getByText('Congratulations on your first custom order!').isVisible())
      .toBe(true);
    // The confetti is drawn: its canvas has non-transparent pixels (a blocked worker drew none).
    await expect
      .poll(() =>
        page.locator('canvas').evaluateAll((canvases: HTMLCanvasElement[]) =>
          canvases.some((c) => {
            const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
            return data?.some((v, i) => i % 4 === 3 && v > 0) ?? false;
          }),
        ),
      )
      .toBe(true);
    await screenshot(page, 'custom-04-confetti');
    await page.waitForURL(
      (url) => url.pathname === '/checkout' && url.searchParams.has('orderData'),
    );
    await expect
      .poll(() => page.getByRole('heading', { name: 'Custom Pin Order' }).isVisible())
      .toBe(true);
    // Named like every other page, with the store (it was the only one without: a mobile audit).
    expect(await page.title()).toBe('Checkout: Custom Pin Deposit | Fairway Pin Co.');
    // Back: the wizard restores the order (step 4 asks for the file again); Forward: checkout,
    // with 'Edit Order'. The progress is kept until the deposit is paid (the 360 px part at
    // the end starts at step 1: the paid deposit cleared it).
    await page.goBack();
    await expect
      .poll(() =>
        page.getByRole('heading', { name: 'Step 4: Upload Design & Details' }).isVisible(),
      )
      .toBe(true);
    await expect.poll(() => page.getByText('Progress Restored').first().isVisible()).toBe(true);
    expect(await page.getByLabel('Full Name *').inputValue()).toBe('Pat Green');
    expect(await page.getByLabel('Email *').inputValue()).toBe('pro@pebblecreek.example');
    await expect.poll(() => preview.getAttribute('data-plating')).toBe('gold');
    expect(await page.getByText(/Please choose your logo or design file again/).isVisible()).toBe(
      true,
    );
    await page.goForward();
    await expect
      .poll(() => page.getByRole('link', { name: 'Edit Order' }).getAttribute('href'))
      .toBe('/custom');
    await expect
      .poll(() => page.getByText(formatUsd(quote.totalCents)).first().isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText('1.25 inch').isVisible()).toBe(true);
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Pat Green');
    await page.getByLabel('Address').fill('1 Fairway Drive');
    await page.getByLabel('City').fill('Carmel');
    await page.getByLabel('State').fill('CA');
    await page.getByLabel('ZIP Code').fill('93923');
    await screenshot(page, 'custom-05-checkout');
    await expectAxeClean(page, '/checkout (custom)');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('button', { name: 'Test payment' }).click();

    // Track Order finds the new custom order.
    await page.waitForURL(
      (url) => url.pathname === '/track-order' && url.searchParams.get('type') === 'custom',
    );
    const orderId = Number(new URL(page.url()).searchParams.get('id'));
    const card = page.getByRole('article', { name: `Custom Order #${orderId}` });
    await expect.poll(() => card.isVisible()).toBe(true);
    await expect.poll(() => card.getByText('Design In Progress').isVisible()).toBe(true);
    await screenshot(page, 'custom-06-track-order');
    const [placed] = await shop.database.db
      .select()
      .from(customOrders)
      .where(eq(customOrders.id, orderId));
    expect(placed).toMatchObject({
      rushOrder: true,
      discountCode: 'WELCOME10',
      totalPriceCents: quote.totalCents,
      depositCents: quote.depositCents,
      size: '1.25inch',
      plating: 'gold',
      shippingAddress: '1 Fairway Drive, Carmel, CA 93923',
    });

    // The admin: mockup sent, approved, payment link.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    adminContext.setDefaultTimeout(15_000);
    await adminContext.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: shop.url,
    });
    const admin = await adminContext.newPage();
    admin.on('pageerror', (e) => pageErrors.push(e.message));
    await admin.goto(`${shop.url}/login?next=%2Fadmin`);
    await admin.getByLabel('Username').fill(E2E_ADMIN.username);
    await admin.getByLabel('Password').fill(E2E_ADMIN.password);
    await admin.getByRole('button', { name: 'Sign In' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin');
    // Order History, in the shell's Orders group (the Dashboard is the landing view).
    await admin
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Order History' })
      .click();
    await admin.waitForURL((url) => url.searchParams.get('section') === 'order-history');
    const adminCard = admin.getByRole('article', { name: `Custom Order #${orderId}` });
    await expect.poll(() => adminCard.isVisible()).toBe(true);
    await screenshot(admin, 'custom-07-order-history');
    await expectAxeClean(admin, '/admin Order History');
    // Choosing a status saves nothing; 'Update Status' saves it (a keyboard audit).
    const status = adminCard.getByLabel('Order status');
    const updateStatus = adminCard.getByRole('button', { name: 'Update Status' });
    await status.selectOption('mockup_sent');
    await updateStatus.click();
    await expect.poll(() => admin.getByText('Status Updated').first().isVisible()).toBe(true);
    await expect.poll(() => status.inputValue()).toBe('mockup_sent');
    await status.selectOption('approved');
    await updateStatus.click();
    await expect
      .poll(() => admin.getByText(`Order #${orderId} is now approved.`).isVisible())
      .toBe(true);
    await expect.poll(() => status.inputValue()).toBe('approved');
    await expect.poll(() => updateStatus.evaluate((b) => b === document.activeElement)).toBe(true);
    await adminCard.getByRole('button', { name: 'Generate Payment Link' }).click();
    await expect
      .poll(() => admin.getByText('Balance payment link copied to clipboard!').isVisible())
      .toBe(true);
    const link = (await adminCard.getByTestId('balance-link').textContent())!;
    expect(link).toMatch(/\/balance-payment\/[A-Za-z0-9_-]{43}$/);
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await adminCard.getByRole('button', { name: 'View Details' }).click();
    const details = admin.getByRole('dialog', { name: `Custom Order #${orderId} Details` });
    await expect.poll(() => details.getByText('Customer Logo').isVisible()).toBe(true);
    await screenshot(admin, 'custom-08-details');
    await admin.keyboard.press('Escape');

    // The customer: Track Order offers the balance; the link takes the payment.
    await page.goto(`${shop.url}/track-order?type=custom`);
    await expect.poll(() => card.getByText('Final Payment Due').isVisible()).toBe(true);
    await expect
      .poll(() => card.getByRole('link', { name: 'Pay Balance Now' }).isVisible())
      .toBe(true);
    await page.goto(`${shop.url}${new URL(link).pathname}`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Payment Summary' }).isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByText(formatUsd(quote.balanceCents)).first().isVisible())
      .toBe(true);
    await screenshot(page, 'custom-09-balance');
    await expectAxeClean(page, '/balance-payment');
    await page.getByRole('button', { name: 'Test payment' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Payment Complete!' }).isVisible())
      .toBe(true);
    await screenshot(page, 'custom-10-balance-paid');

    // Track Order shows the balance paid.
    await page.goto(`${shop.url}/track-order?type=custom`);
    await expect
      .poll(() => card.getByText('Balance Paid', { exact: true }).first().isVisible())
      .toBe(true);
    await expect.poll(() => card.getByRole('link', { name: 'Pay Balance Now' }).count()).toBe(0);
    const [paid] = await shop.database.db
      .select()
      .from(customOrders)
      .where(eq(customOrders.id, orderId));
    expect(paid!.status).toBe('balance_paid');
    expect(paid!.balancePaymentId).not.toBeNull();
    await screenshot(page, 'custom-11-track-balance-paid');

    // Narrow screens: every step of the wizard fits 360 px (step 4 with its logo was 5 px
    // too wide before the layout's column could shrink below its content's width).
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${shop.url}/custom`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await pageWidth(), 'step 1 at 360 px').toBeLessThanOrEqual(360);
    await screenshot(page, 'custom-12-wizard-360');
    await page.getByLabel('Quantity', { exact: true }).fill('100');
    for (const step of [2, 3, 4]) {
      await page.getByRole('button', { name: 'Next Step' }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: new RegExp(`^Step ${step}:`) }).isVisible())
        .toBe(true);
      if (step === 4) {
        await page.getByLabel('Logo or design file *').setInputFiles({
          name: 'crest-with-a-long-file-name-for-narrow-screens.png',
          mimeType: 'image/png',
          buffer: TINY_PNG,
        });
        await expect.poll(() => page.getByAltText('Your uploaded logo').isVisible()).toBe(true);
      }
      expect(await pageWidth(), `step ${step} at 360 px`).toBeLessThanOrEqual(360);
    }

    expect(pageErrors).toEqual([]);
    await adminContext.close();
    await context.close();
  });

  // A toast at the bottom centre sat on 'Next Step' (and Previous) whenever the step's end
  // was scrolled to the bottom of the screen: the wizard lifts it above its buttons.
  it.each([
    { width: 1366, height: 768 },
    { width: 360, height: 740 },
  ])('a toast never covers the wizard buttons at $width x $height', async (viewport) => {
    const { shop, browser } = fixture;
    const context = await browser.newContext({ viewport });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto(`${shop.url}/custom`);
    const next = page.getByRole('button', { name: 'Next Step' });
    const previous = page.getByRole('button', { name: 'Previous' });
    await next.waitFor();
    // A refused promo code: the 'Invalid Promo Code' toast (5 s).
    await page.getByLabel('Promo code').fill('NOT-A-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    const toast = page.locator('[data-sonner-toast]');
    await expect.poll(() => toast.getByText('Invalid Promo Code').isVisible()).toBe(true);

    type Box = { x: number; y: number; width: number; height: number };
    const apart = (a: Box, b: Box) =>
      a.x + a.width <= b.x ||
      b.x + b.width <= a.x ||
      a.y + a.height <= b.y ||
      b.y + b.height <= a.y;
    // The buttons scrolled to 4, 40 and 80 px above the screen's bottom (where a user who
    // scrolls down to them stops): the toast is clear of both, whole and on screen.
    for (const gap of [4, 40, 80]) {
      await next.evaluate((el, gap) => {
        const bottom = el.getBoundingClientRect().bottom;
        window.scrollBy(0, bottom - (window.innerHeight - gap));
      }, gap);
      const place = `${gap} px above the bottom`;
      await expect
        .poll(
          async () => {
            const [t, n, p] = await Promise.all([
              toast.boundingBox(),
              next.boundingBox(),
              previous.boundingBox(),
            ]);
            return t && n && p ? apart(t, n) && apart(t, p) : 'missing';
          },
          { timeout: 1000, message: `toast apart from the buttons, ${place}` },
        )
        .toBe(true);
      const t = (await toast.boundingBox())!;
      expect(t.y, place).toBeGreaterThanOrEqual(0);
      expect(t.y + t.height, place).toBeLessThanOrEqual(viewport.height);
    }
    // A click in the middle of 'Next Step', where the user sees it, reaches the button while
    // the toast shows. (Playwright's own click is no proof: refused by a toast on top, it
    // scrolls the button elsewhere and tries again.)
    await next.evaluate((el) => {
      window.scrollBy(0, el.getBoundingClientRect().bottom - (window.innerHeight - 10));
    });
    const box = (await next.boundingBox())!;
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await expect
      .poll(
        () => next.evaluate((el, { x, y }) => el.contains(document.elementFromPoint(x, y)), middle),
        { timeout: 1000, message: "'Next Step' is on top at its middle" },
      )
      .toBe(true);
    expect(await toast.isVisible()).toBe(true);
    await page.mouse.click(middle.x, middle.y);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Step 2: Pin Specifications' }).isVisible())
      .toBe(true);
    await context.close();
  });
});
