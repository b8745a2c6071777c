/** The payment provider as the rest of the server sees it: Razorpay, or the offline simulator. */
export interface PaymentGateway {
  readonly mode: 'razorpay' | 'simulator';
  /** Public key id the browser's checkout needs. */
  readonly keyId: string;
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<{ id: string; amount: number; currency: string; receipt: string }>;
  /** HMAC-SHA256 of "order_id|payment_id" with the key secret, compared in constant time. */
  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean;
  /**
   * Refunds part or all of a captured payment to the way it was paid. `pending` means the provider
   * took the request and will say later (webhook `refund.processed` / `refund.failed`).
   */
  refund(input: {
    paymentId: string;
    amountPaise: number;
    notes?: Record<string, string>;
  }): Promise<{ id: string; amountPaise: number; status: 'pending' | 'processed' | 'failed' }>;
  /** HMAC-SHA256 of the raw webhook body with the webhook secret. */
  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean;
  /**
   * Only the offline simulator has this: it pays an order the way a shopper does in Razorpay's
   * window, answering the payment id and the signature Razorpay would hand to the browser.
   */
  simulatePayment?(orderId: string): { paymentId: string; signature: string };
}
