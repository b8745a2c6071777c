/** Razorpay Checkout.js as the browser sees it (the offline simulator defines the same API). */
export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayOptions {
  key: string;
  /** Paise. */
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description?: string;
  prefill?: { name?: string; email?: string; contact?: string };
  theme?: { color?: string };
  handler(response: RazorpaySuccess): void;
  modal?: { ondismiss?(): void };
}

export interface RazorpayInstance {
  open(): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

export const CHECKOUT_SCRIPTS = {
  razorpay: 'https://checkout.razorpay.com/v1/checkout.js',
  simulator: '/api/payment/simulator/checkout.js',
} as const;

export type PaymentMode = keyof typeof CHECKOUT_SCRIPTS;

/**
 * Adds the checkout script once, only when `window.Razorpay` is missing. Resolves false when it
 * cannot be loaded or defines nothing; the failed tag is removed so that the next attempt tries again.
 */
export function loadCheckoutScript(mode: PaymentMode): Promise<boolean> {
  if (window.Razorpay) return Promise.resolve(true);
  const src = CHECKOUT_SCRIPTS[mode];
  return new Promise((resolve) => {
    let script = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
    if (!script) {
      script = document.createElement('script');
      script.src = src;
      script.async = true;
      document.body.appendChild(script);
    }
    const tag = script;
    const settle = () => {
      const loaded = Boolean(window.Razorpay);
      if (!loaded) tag.remove();
      resolve(loaded);
    };
    tag.addEventListener('load', settle, { once: true });
    tag.addEventListener('error', settle, { once: true });
  });
}
