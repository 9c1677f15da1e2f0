/**
 * Auth queries and mutations: GET /api/auth/user (200 null = signed out; a 401 from an
 * older server is read the same way), no retry;
 * POST /api/auth/login|register|logout|forgot-password|reset-password|change-password. Cache keys per the
 * spec: '/api/auth/user' and '/api/cart' are refreshed after sign-in and sign-out.
 */

import type {
  ChangePasswordBody,
  ChangePasswordResponse,
  ForgotPasswordBody,
  LoginBody,
  PasswordResetResponse,
  RegisterBody,
  ResetPasswordBody,
  User,
} from '@shared/schemas/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, api } from '@/lib/api';
import { rotateSessionId } from '@/lib/session-id';

export const userQueryKey = ['/api/auth/user'] as const;

async function fetchUser(): Promise<User | null> {
  try {
    return await api.get<User | null>('/api/auth/user');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

/** The signed-in user (null when signed out). */
export function useUser() {
  const query = useQuery({ queryKey: userQueryKey, queryFn: fetchUser });
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    isAdmin: query.data?.role === 'admin',
  };
}

function useRefreshAfterAuth() {
  const qc = useQueryClient();
  return async (user: User | null) => {
    qc.setQueryData(userQueryKey, user);
    await qc.invalidateQueries({ queryKey: ['/api/cart'] });
    await qc.invalidateQueries({ queryKey: ['/api/orders'] });
  };
}

export function useLogin() {
  const refresh = useRefreshAfterAuth();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<User>('/api/auth/login', body),
    onSuccess: (user) => refresh(user),
  });
}

export function useRegister() {
  const refresh = useRefreshAfterAuth();
  return useMutation({
    mutationFn: (body: RegisterBody) => api.post<User>('/api/auth/register', body),
    onSuccess: (user) => refresh(user),
  });
}

/**
 * Logout clears the cached user (storefront spec section 4) and replaces the cart
 * session id (issue 11), so the next person at this browser starts with a new, empty cart.
 */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/auth/logout'),
    onSuccess: async () => {
      qc.setQueryData(userQueryKey, null);
      qc.removeQueries({ queryKey: ['/api/orders'] });
      rotateSessionId();
      await qc.invalidateQueries({ queryKey: ['/api/cart'] });
    },
  });
}

/** 'Forgot password?': asks for a reset link; the answer is the same whether or not an account has the address. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) =>
      api.post<PasswordResetResponse>('/api/auth/forgot-password', body),
  });
}

/**
 * Sets a new password from a mailed link. The server ends every session of the account,
 * this browser's included, so the cached user and orders are dropped and the cart's
 * reads (the allowance counts the account's orders) asked again.
 */
export function useResetPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetPasswordBody) =>
      api.post<PasswordResetResponse>('/api/auth/reset-password', body),
    onSuccess: async () => {
      qc.setQueryData(userQueryKey, null);
      qc.removeQueries({ queryKey: ['/api/orders'] });
      // Signed out: what the account's limits allow (GET /api/cart/allowance) changes.
      await qc.invalidateQueries({ queryKey: ['/api/cart'] });
    },
  });
}

/**
 * /account's password change (POST /api/auth/change-password). The server keeps this
 * browser signed in under a new session id (the cookie is replaced) and signs every
 * other device out; the signed-in user stays the same, so nothing cached changes.
 * Rejects with ApiRequestError (400 field errors on currentPassword / newPassword, 429).
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      api.post<ChangePasswordResponse>('/api/auth/change-password', body),
  });
}
