import type { PaymentGateway } from '../lib/payments.js';
import { createSimulatorGateway } from '../modules/payments/gateway.js';

/** The payment simulator, with the id of every payment it was asked to refund kept in `refunds`. */
export function refundRecordingGateway(): { payments: PaymentGateway; refunds: string[] } {
  const simulator = createSimulatorGateway();
  const refunds: string[] = [];
  const payments: PaymentGateway = {
    ...simulator,
    async refund(input) {
      refunds.push(input.paymentId);
      return simulator.refund(input);
    },
  };
  return { payments, refunds };
}
