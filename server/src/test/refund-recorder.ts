import type { PaymentGateway } from '../lib/payments.js';
import { createSimulatorGateway } from '../modules/payments/gateway.js';

/**
 * How the gateway answers a refund: taken in that status (`pending` waits for Razorpay's webhook),
 * or `refused` — an error thrown, as Razorpay does when the account's balance is short.
 */
export type RefundAnswer = 'processed' | 'pending' | 'failed' | 'refused';

export interface RefundRecorder {
  readonly payments: PaymentGateway;
  /** Every refund the gateway took, in the order asked; refused ones are not here. */
  readonly refunds: { paymentId: string; amountPaise: number }[];
  /** The answer to the refunds asked from now on. */
  answer: RefundAnswer;
  /** Forgets the refunds and answers `processed` again; for a `beforeEach`. */
  reset(): void;
}

/** The payment simulator, keeping every refund it was asked for and answering as the test says. */
export function refundRecordingGateway(): RefundRecorder {
  const simulator = createSimulatorGateway();
  const recorder: RefundRecorder = {
    payments: {
      ...simulator,
      async refund(input) {
        const { answer } = recorder;
        if (answer === 'refused') throw new Error('BAD_REQUEST_ERROR: the balance is too low for the refund');
        recorder.refunds.push({ paymentId: input.paymentId, amountPaise: input.amountPaise });
        return { ...(await simulator.refund(input)), status: answer };
      },
    },
    refunds: [],
    answer: 'processed',
    reset() {
      recorder.refunds.length = 0;
      recorder.answer = 'processed';
    },
  };
  return recorder;
}
