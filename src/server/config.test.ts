/**
 * Configuration (DECISIONS.md "Runtime conventions"; issue 11): production never takes
 * test payments silently; the README's first command (no NODE_ENV) runs in test mode;
 * PUBLIC_URL defaults to http://HOST:PORT and decides the https cookies; STORE_TIME_ZONE
 * is a known IANA zone (default America/Los_Angeles) or the shop does not start.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig, TEST_PAYMENTS_IN_PRODUCTION } from './config';

describe('loadConfig', () => {
  it('refuses to start in production on the test provider unless PAYMENT_PROVIDER=test is explicit', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(TEST_PAYMENTS_IN_PRODUCTION);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' }).paymentProvider).toBe(
      'test',
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PAYPAL_CLIENT_ID: 'id',
        PAYPAL_CLIENT_SECRET: 'secret',
      }).paymentProvider,
    ).toBe('paypal');
  });

  it('runs in test mode by default outside production (npm start on a fresh machine)', () => {
    expect(loadConfig({}).paymentProvider).toBe('test');
    expect(loadConfig({ NODE_ENV: 'development' }).paymentProvider).toBe('test');
  });

  it('TRUST_PROXY never trusts every hop: true is the proxy on this machine; addresses, ranges or hops', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    for (const bad of ['everyone', '10.0.0.0/33', '10.0.0.1/8/2', 'proxy.example.com']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('defaults PUBLIC_URL to http://HOST:PORT; https PUBLIC_URL turns on https cookies', () => {
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '3111' })).toMatchObject({
      publicUrl: 'http://127.0.0.1:3111',
      https: false,
    });
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com/' })).toMatchObject({
      publicUrl: 'https://shop.example.com',
      https: true,
    });
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });

  it('STORE_TIME_ZONE: America/Los_Angeles by default, any IANA name, an unknown zone refuses to start', () => {
    expect(loadConfig({}).STORE_TIME_ZONE).toBe('America/Los_Angeles');
    expect(loadConfig({ STORE_TIME_ZONE: 'Europe/Berlin' }).STORE_TIME_ZONE).toBe('Europe/Berlin');
    expect(loadConfig({ STORE_TIME_ZONE: 'UTC' }).STORE_TIME_ZONE).toBe('UTC');
    for (const bad of ['America/San_Diego', 'PST8PDX', '+02:00', '', 'Mars/Olympus_Mons']) {
      expect(() => loadConfig({ STORE_TIME_ZONE: bad }), bad).toThrow(
        /STORE_TIME_ZONE: STORE_TIME_ZONE must be an IANA time zone name/,
      );
    }
  });
});
