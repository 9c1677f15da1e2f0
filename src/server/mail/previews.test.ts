/**
 * Every mail is previewable by the admin with sample data (issue 9): the list covers each
 * transactional kind the rules send and each campaign, every HTML is the React Email
 * layout with the store's name, and the routes are admin only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../collaboration/test-support';
import { createTestApp, type TestApp, TestClient } from '../test/app';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example' } });
  admin = await signInAdmin(t.app, t.db);
});
afterAll(() => t?.close());

describe('mail template previews', () => {
  it('lists every transactional mail and campaign, each rendered as HTML and text', async () => {
    const res = await admin.get('/api/mail-templates');
    expect(res.statusCode).toBe(200);
    const kinds = (res.json() as { kind: string }[]).map((k) => k.kind);
    for (const kind of [
      'order_confirmation',
      'order_shipped',
      'order_delivered',
      'deposit_received',
      'custom_mockup_ready',
      'balance_link',
      'balance_paid',
      'production_notice',
      'quote_confirmation',
      'quote_notification',
      'quote_sent',
      'collaboration_link',
      'mockup_ready',
      'invoice',
      'invoice_receipt',
      'password_reset',
      'password_changed',
      'newsletter_confirm',
      'newsletter_welcome',
      'campaign_tournament',
      'campaign_marketing',
      'campaign_vip',
      'campaign_discount',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    for (const kind of kinds) {
      const html = await admin.get(`/api/mail-templates/${kind}`);
      expect(html.statusCode, kind).toBe(200);
      expect(html.headers['content-type']).toMatch(/text\/html/);
      expect(html.body, kind).toMatch(/^<!DOCTYPE html/);
      expect(html.body, kind).toContain('Fairway Pin Co.');
      const text = await admin.get(`/api/mail-templates/${kind}?format=text`);
      expect(text.statusCode).toBe(200);
      expect(text.body.length, kind).toBeGreaterThan(40);
      expect(text.body, kind).not.toContain('{{');
    }
    // The order lines and their totals are one table, so the columns line up in every
    // mail client: its header row, an item row and the Total row share the same <table>.
    const order = (await admin.get('/api/mail-templates/order_confirmation')).body;
    const lineTables = [...order.matchAll(/<table[^>]*>((?:(?!<table)[\s\S])*?)<\/table>/g)]
      .map((m) => m[1]!)
      .filter((inner) => inner.includes('Unit price'));
    expect(lineTables).toHaveLength(1);
    expect(lineTables[0]).toMatch(/<th[^>]*scope="row"[^>]*>Total<\/th>/);
    expect((lineTables[0]!.match(/<tr/g) ?? []).length).toBeGreaterThanOrEqual(4);
    const production = await admin.get('/api/mail-templates/production_notice?format=text');
    expect(production.body).toContain('2 to 3 weeks');
    const welcome = await admin.get('/api/mail-templates/newsletter_welcome');
    expect(welcome.body).toContain('WELCOME-7K2QX9PA');
    expect(welcome.body).toContain('Unsubscribe');
  });

  it('unknown kinds answer 404; only the admin may look', async () => {
    expect((await admin.get('/api/mail-templates/nope')).statusCode).toBe(404);
    expect((await new TestClient(t.app).get('/api/mail-templates')).statusCode).toBe(401);
    expect(
      (await new TestClient(t.app).get('/api/mail-templates/order_confirmation')).statusCode,
    ).toBe(401);
  });
});
