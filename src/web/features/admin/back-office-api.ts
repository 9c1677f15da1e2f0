/**
 * Calls of the back-office sections (issue 8; back-office spec section 7): dashboard,
 * products, discount codes + customer import, manual invoices, incidents. One query key
 * per list; every mutation invalidates the list it changes (and the dashboard).
 * The server checks admin rights on every call (DECISIONS.md "Security").
 */
import type { AdminDiscountCode, CreateDiscountCodeBody } from '@shared/schemas/cart';
import type { CreateProductBody, Product, UpdateProductBody } from '@shared/schemas/catalog';
import type { Dashboard, DashboardPeriod } from '@shared/schemas/dashboard';
import type { IncidentsOverview } from '@shared/schemas/incidents';
import {
  type AdminInvoice,
  INVOICE_REFRESH_MS,
  type SendInvoiceBody,
  type SentInvoice,
} from '@shared/schemas/invoices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { campaignKeys } from '../campaigns/api';

export const adminKeys = {
  dashboard: (days: DashboardPeriod) => ['/api/admin/dashboard', days] as const,
  products: ['/api/products', 'admin'] as const,
  codes: ['/api/discount-codes'] as const,
  invoices: ['/api/manual-invoices'] as const,
  incidents: ['/api/admin/incidents'] as const,
};

type Message = { message: string };

/** Invalidates `keys` and the dashboard after a change. */
function useInvalidate(...keys: readonly (readonly unknown[])[]) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      ...keys.map((queryKey) => qc.invalidateQueries({ queryKey })),
      qc.invalidateQueries({ queryKey: ['/api/admin/dashboard'] }),
    ]);
}

// --- dashboard ---------------------------------------------------------------

export function useDashboard(days: DashboardPeriod) {
  return useQuery({
    queryKey: adminKeys.dashboard(days),
    queryFn: () => api.get<Dashboard>(`/api/admin/dashboard?days=${days}`),
    refetchOnMount: 'always',
  });
}

// --- products ----------------------------------------------------------------

const fetchAdminProducts = () => api.get<Product[]>('/api/products?includeInactive=true');

/** Every product, inactive ones included, each with its `editVersion` (admin). */
export function useAdminProducts() {
  return useQuery({
    queryKey: adminKeys.products,
    queryFn: fetchAdminProducts,
    refetchOnMount: 'always',
  });
}

/**
 * Reads the admin's product list afresh (the table then shows it too) and answers product
 * `id` as it is now, or null when it is gone: an edit refused with 409 starts again from it.
 */
export function useReloadProduct() {
  const qc = useQueryClient();
  return async (id: number): Promise<Product | null> => {
    const list = await qc.fetchQuery({
      queryKey: adminKeys.products,
      queryFn: fetchAdminProducts,
      staleTime: 0,
    });
    return list.find((p) => p.id === id) ?? null;
  };
}

function useInvalidateProducts() {
  const qc = useQueryClient();
  const invalidate = useInvalidate(adminKeys.products);
  // The storefront's lists and pages read the same products.
  return () => Promise.all([invalidate(), qc.invalidateQueries({ queryKey: ['/api/products'] })]);
}

export function useSaveProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: number | null;
      body: CreateProductBody | UpdateProductBody;
    }) =>
      id === null
        ? api.post<Product>('/api/products', body)
        : api.put<Product>(`/api/products/${id}`, body),
    onSettled: invalidate,
  });
}

export function useUpdateStock() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    /** `expectedStockQuantity`: the stock the admin saw (the server answers 409 if it changed). */
    mutationFn: ({
      id,
      ...body
    }: {
      id: number;
      stockQuantity: number;
      expectedStockQuantity: number;
    }) => api.put<Product>(`/api/products/${id}/stock`, body),
    onSettled: invalidate,
  });
}

export function useDeleteProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<{ message: string; deactivated: boolean }>(`/api/products/${id}`),
    onSettled: invalidate,
  });
}

/** POST /api/product-images with one file; resolves with its stored link. */
export function uploadProductImage(file: File) {
  const form = new FormData();
  form.append('image', file);
  return api.post<{ url: string; contentType: string }>('/api/product-images', form);
}

// --- discount codes ----------------------------------------------------------

export function useDiscountCodes() {
  return useQuery({
    queryKey: adminKeys.codes,
    queryFn: () => api.get<AdminDiscountCode[]>('/api/discount-codes'),
    refetchOnMount: 'always',
  });
}

export function useCreateCode() {
  const invalidate = useInvalidate(adminKeys.codes);
  return useMutation({
    mutationFn: (body: z.output<typeof CreateDiscountCodeBody>) =>
      api.post<AdminDiscountCode>('/api/discount-codes', body),
    onSettled: invalidate,
  });
}

export function useSetCodeActive() {
  const invalidate = useInvalidate(adminKeys.codes);
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) =>
      api.patch<AdminDiscountCode>(`/api/discount-codes/${id}`, { isActive }),
    onSettled: invalidate,
  });
}

export function useDeleteCode() {
  const invalidate = useInvalidate(adminKeys.codes);
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<{ message: string; deactivated: boolean }>(`/api/discount-codes/${id}`),
    onSettled: invalidate,
  });
}

export interface ImportCustomersResult {
  imported: number;
  skipped: number;
  duplicates: number;
  invalid: number;
  found: number;
}

/**
 * POST /api/import-customers; then the campaign audience ('Send Mass Email' names its
 * count) and the dashboard are read again.
 */
export function useImportCustomers() {
  const invalidate = useInvalidate(campaignKeys.audience);
  return useMutation({
    mutationFn: () => api.post<{ result: ImportCustomersResult }>('/api/import-customers'),
    onSettled: invalidate,
  });
}

// --- invoices ------------------------------------------------------------------

/** The invoice list, refetched every 10 s and on window focus (spec sections 7, 9). */
export function useInvoices() {
  return useQuery({
    queryKey: adminKeys.invoices,
    queryFn: () => api.get<AdminInvoice[]>('/api/manual-invoices'),
    refetchInterval: INVOICE_REFRESH_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: 'always',
  });
}

export function useSendInvoice() {
  const invalidate = useInvalidate(adminKeys.invoices);
  return useMutation({
    mutationFn: (body: SendInvoiceBody) => api.post<SentInvoice>('/api/send-invoice', body),
    onSettled: invalidate,
  });
}

export function useDeleteInvoice() {
  const invalidate = useInvalidate(adminKeys.invoices);
  return useMutation({
    mutationFn: (id: number) => api.delete<Message>(`/api/manual-invoices/${id}`),
    onSettled: invalidate,
  });
}

// --- incidents -----------------------------------------------------------------

export function useIncidents() {
  return useQuery({
    queryKey: adminKeys.incidents,
    queryFn: () => api.get<IncidentsOverview>('/api/admin/incidents'),
    refetchOnMount: 'always',
  });
}

/** One incidents-screen action: POST `url` (with an optional body); answers {message}. */
export function useIncidentAction() {
  const invalidate = useInvalidate(adminKeys.incidents);
  return useMutation({
    mutationFn: ({ url, body }: { url: string; body?: unknown }) =>
      api.post<Message & { refunded?: boolean }>(url, body),
    onSettled: invalidate,
  });
}
