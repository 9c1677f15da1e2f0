/**
 * GET /api/admin/dashboard?days=7|30|90 (issue 8 "Dashboard"): the admin's landing
 * figures for the last `days` days (UTC calendar days, today included), in dollars.
 */

import { IncidentCounts } from './incidents';
import { z } from './zod';

export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const DashboardQuery = z.object({
  days: z
    .enum(['7', '30', '90'], { error: 'Choose 7, 30 or 90 days' })
    .default('30')
    .transform((v) => Number(v) as DashboardPeriod),
});

const Sales = z.object({
  /** Sum of order totals, dollars. */
  sales: z.number(),
  orders: z.number().int(),
  /** sales / orders rounded to the cent; 0 without orders. */
  averageOrderValue: z.number(),
});

export const Dashboard = z.object({
  days: z.number().int(),
  /** First day counted and today, YYYY-MM-DD (UTC). */
  from: z.string(),
  to: z.string(),
  /** Paid catalogue orders placed in the period (refunded ones left out). */
  catalog: Sales,
  /** Custom orders whose deposit was paid, placed in the period. */
  custom: Sales.extend({ depositsTaken: z.number() }),
  /** Balances still to pay on custom orders (now, not only the period). */
  balancesOutstanding: z.object({ amount: z.number(), orders: z.number().int() }),
  /** Invoices paid in the period, and unpaid ones (now). */
  invoices: z.object({
    paid: z.number(),
    paidCount: z.number().int(),
    outstanding: z.number(),
    outstandingCount: z.number().int(),
  }),
  /** Quote requests pending or quoted (now). */
  openQuotes: z.number().int(),
  lowStock: z.array(
    z.object({ id: z.number().int(), name: z.string(), stockQuantity: z.number().int() }),
  ),
  outOfStock: z.array(
    z.object({ id: z.number().int(), name: z.string(), stockQuantity: z.number().int() }),
  ),
  /** Active codes with a use limit that are at 80% of it or more. */
  codesNearLimit: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      usedCount: z.number().int(),
      maxUses: z.number().int(),
    }),
  ),
  needsHuman: IncidentCounts,
  /** One entry per day of the period, dollars. */
  salesByDay: z.array(z.object({ date: z.string(), catalog: z.number(), custom: z.number() })),
  /** Orders placed in the period by status. */
  ordersByStatus: z.array(
    z.object({ status: z.string(), catalog: z.number().int(), custom: z.number().int() }),
  ),
});
export type Dashboard = z.infer<typeof Dashboard>;
