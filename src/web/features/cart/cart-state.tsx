/**
 * Client-side cart UI state: whether the drawer is open, and the applied discount
 * code (kept in sessionStorage so checkout sees the code applied in the drawer).
 * Amounts are never stored here; the server computes them.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

const DISCOUNT_KEY = 'appliedDiscountCode';

interface CartUi {
  isOpen: boolean;
  setOpen(open: boolean): void;
  toggle(): void;
  discountCode: string | null;
  setDiscountCode(code: string | null): void;
}

const CartUiContext = createContext<CartUi | null>(null);

export function CartUiProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [discountCode, setCode] = useState<string | null>(() =>
    sessionStorage.getItem(DISCOUNT_KEY),
  );
  const setDiscountCode = useCallback((code: string | null) => {
    if (code) sessionStorage.setItem(DISCOUNT_KEY, code);
    else sessionStorage.removeItem(DISCOUNT_KEY);
    setCode(code);
  }, []);
  const value = useMemo(
    () => ({ isOpen, setOpen, toggle: () => setOpen((o) => !o), discountCode, setDiscountCode }),
    [isOpen, discountCode, setDiscountCode],
  );
  return <CartUiContext.Provider value={value}>{children}</CartUiContext.Provider>;
}

export function useCartUi(): CartUi {
  const ctx = useContext(CartUiContext);
  if (!ctx) throw new Error('useCartUi must be used inside CartUiProvider');
  return ctx;
}
