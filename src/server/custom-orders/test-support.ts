/**
 * Test support for the custom-order API tests: the customer's steps through the real
 * routes with `app.inject` (prepare with a real multipart body, pay the deposit, place
 * the order, pay the balance) and accounts signed in through the real login.
 */
import { expect } from 'vitest';
import type {
  CustomOrderDraftInput,
  PreparedCustomOrder,
} from '../../shared/schemas/custom-orders';
import { bootstrapAdmin } from '../accounts/bootstrap';
import type { TestApp, TestClient } from '../test/app';
import { multipartBody, TINY_PNG } from '../test/fixtures';

export interface Upload {
  data: Buffer;
  name: string;
  type: string;
}

export const PNG_LOGO: Upload = { data: TINY_PNG, name: 'crest.png', type: 'image/png' };

/** A valid wizard draft with the spec's defaults (50, 1 inch, silver, just pins, standard). */
export function draft(over: Partial<CustomOrderDraftInput> = {}): CustomOrderDraftInput {
  return {
    quantity: 50,
    size: '1inch',
    plating: 'silver',
    packaging: 'just-pins',
    rushOrder: false,
    customerName: 'Pat Green',
    customerEmail: 'pat@pebble.example',
    customerPhone: '555-0100',
    notes: 'Club crest, navy and gold',
    ...over,
  };
}

/** A multipart body (buffer + content-type) with `orderData` text and an optional logo. */
export function prepareBody(orderData: unknown, logo: Upload | null = PNG_LOGO) {
  return multipartBody(
    { orderData: typeof orderData === 'string' ? orderData : JSON.stringify(orderData) },
    logo ? { field: 'logo', ...logo } : undefined,
  );
}

let ip = 0;

/** POST /api/custom-orders/prepare as `client` (its cookie and session), from a fresh address. */
export async function postPrepare(
  client: TestClient,
  orderData: unknown,
  logo: Upload | null = PNG_LOGO,
) {
  ip += 1;
  const body = await prepareBody(orderData, logo);
  return client.request({
    method: 'POST',
    url: '/api/custom-orders/prepare',
    remoteAddress: `10.6.${Math.floor(ip / 250)}.${ip % 250}`,
    payload: body.payload,
    headers: body.headers,
  });
}

/** Prepares a draft, expecting 201; returns the prepared order. */
export async function prepare(
  client: TestClient,
  over: Partial<CustomOrderDraftInput> = {},
): Promise<PreparedCustomOrder> {
  const res = await postPrepare(client, draft(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PreparedCustomOrder>();
}

/** Creates and captures a payment for a purpose (expects COMPLETED); returns the provider order id. */
export async function payFor(
  client: TestClient,
  body:
    | { purpose: 'custom_deposit'; preparedOrderId: string }
    | { purpose: 'custom_balance'; balanceToken: string },
): Promise<string> {
  const created = await client.post('/paypal/order', {
    intent: 'CAPTURE',
    currency: 'USD',
    ...body,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: string }>().id;
  const captured = await client.post(`/paypal/order/${id}/capture`);
  expect(captured.statusCode, captured.body).toBe(200);
  expect(captured.json().status).toBe('COMPLETED');
  return id;
}

/** POST /api/custom-orders for a prepared order and its deposit payment. */
export function placeCustomOrder(
  client: TestClient,
  preparedOrderId: string,
  depositPaymentId: string,
) {
  return client.post('/api/custom-orders', {
    orderData: { preparedOrderId },
    depositPaymentId,
    shippingAddress: '1 Fairway Dr, Carmel, CA 93923',
  });
}

/** Prepares, pays the deposit and places the order (expects 201); returns the order id. */
export async function orderCustomPins(
  client: TestClient,
  over: Partial<CustomOrderDraftInput> = {},
): Promise<number> {
  const prepared = await prepare(client, over);
  const paymentId = await payFor(client, {
    purpose: 'custom_deposit',
    preparedOrderId: prepared.preparedOrderId,
  });
  const res = await placeCustomOrder(client, prepared.preparedOrderId, paymentId);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** Signs an admin in on `client` (creates the account on first use). */
export async function signInAdmin(t: TestApp, client: TestClient): Promise<void> {
  await bootstrapAdmin(
    t.db,
    { ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'chief-pass-1' },
    { info: () => {}, warn: () => {} },
  );
  const res = await client.post('/api/auth/login', { username: 'chief', password: 'chief-pass-1' });
  expect(res.statusCode, res.body).toBe(200);
}

/** Registers (and so signs in) a customer on `client`; returns the user id. */
export async function registerCustomer(client: TestClient, username: string): Promise<number> {
  const res = await client.post('/api/auth/register', {
    username,
    email: `${username}@example.com`,
    password: `${username}-password`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}
