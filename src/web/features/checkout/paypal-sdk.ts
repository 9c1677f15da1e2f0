/**
 * Lazy loader for the PayPal JavaScript SDK (storefront spec section 7: the wallet
 * payment buttons). The script is added only when the payment step shows and the
 * server's provider is 'paypal' (DECISIONS.md: no third-party script unless configured).
 * Only the parts of the SDK this page uses are typed here.
 */

/** Data PayPal passes to onApprove. */
export interface PayPalApproveData {
  orderID: string;
}

export interface PayPalButtonsOptions {
  style?: { layout?: 'vertical' | 'horizontal'; shape?: 'rect' | 'pill'; label?: string };
  createOrder: () => Promise<string>;
  onApprove: (data: PayPalApproveData) => Promise<void>;
  onCancel?: () => void;
  onError?: (error: unknown) => void;
}

export interface PayPalButtonsInstance {
  render(container: HTMLElement): Promise<void>;
  close(): Promise<void>;
  isEligible(): boolean;
}

export interface PayPalNamespace {
  Buttons(options: PayPalButtonsOptions): PayPalButtonsInstance;
}

declare global {
  interface Window {
    paypal?: PayPalNamespace;
  }
}

/** The SDK script URL for a client id (intent capture, USD by default). */
export function payPalSdkUrl(clientId: string, currency = 'USD'): string {
  const params = new URLSearchParams({ 'client-id': clientId, currency, intent: 'capture' });
  return `https://www.paypal.com/sdk/js?${params.toString()}`;
}

let pending: { url: string; promise: Promise<PayPalNamespace> } | null = null;

/**
 * Loads the SDK once per client id and resolves with `window.paypal`. Rejects when the
 * script fails to load or does not define `paypal`; a later call then tries again.
 */
export function loadPayPalSdk(clientId: string, currency = 'USD'): Promise<PayPalNamespace> {
  const url = payPalSdkUrl(clientId, currency);
  if (pending?.url === url) return pending.promise;
  const promise = new Promise<PayPalNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.paypalSdk = 'true';
    const fail = (message: string) => {
      script.remove();
      if (pending?.promise === promise) pending = null;
      reject(new Error(message));
    };
    script.onload = () => {
      if (window.paypal) resolve(window.paypal);
      else fail('The PayPal SDK loaded but did not initialise');
    };
    script.onerror = () => fail('The PayPal SDK could not be loaded');
    document.head.appendChild(script);
  });
  pending = { url, promise };
  return promise;
}
