/**
 * Catalogue queries (storefront spec section 7): GET /api/products (the active
 * catalogue) and GET /api/products/{id} (404 = not found, returned as null).
 */
import type { Product } from '@shared/schemas/catalog';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, api } from '@/lib/api';

export const productsQueryKey = ['/api/products'] as const;

/** The catalogue list. */
export function useProducts() {
  return useQuery({
    queryKey: productsQueryKey,
    queryFn: () => api.get<Product[]>('/api/products'),
  });
}

/** One product; `data` is null when the server answers 404 ('Product Not Found'). */
export function useProduct(id: number | null) {
  return useQuery({
    queryKey: [...productsQueryKey, id],
    enabled: id !== null,
    queryFn: async (): Promise<Product | null> => {
      try {
        return await api.get<Product>(`/api/products/${id}`);
      } catch (error) {
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400))
          return null;
        throw error;
      }
    },
  });
}
