/** The browser tests' shop settings, shared by startTestShop and the e2e globalSetup. */

/** The admin account every browser-test shop bootstraps (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const E2E_ADMIN = { username: 'e2eadmin', password: 'e2e-admin-password-1' };

/** Environment of a browser-test shop before a test's own additions (DATA_DIR aside). */
export const E2E_SHOP_ENV: Record<string, string> = {
  HOST: '127.0.0.1',
  PORT: '0',
  SEED_DEMO: 'true',
  PAYMENT_PROVIDER: 'test',
  LOG_LEVEL: 'warn',
  ADMIN_USERNAME: E2E_ADMIN.username,
  ADMIN_PASSWORD: E2E_ADMIN.password,
};
