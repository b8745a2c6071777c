import { parentPort } from 'node:worker_threads';
import type { Invoice } from './invoice.js';
import { renderInvoicePdf } from './invoice-pdf.js';

/** The worker thread of invoice-renderer.ts: lays out one invoice per message, in order. */
parentPort!.on('message', ({ id, invoice }: { id: number; invoice: Invoice }) => {
  renderInvoicePdf(invoice).then(
    (pdf) => {
      // A copy owns its memory, so it can be handed over without copying it again.
      const bytes = new Uint8Array(pdf);
      parentPort!.postMessage({ id, pdf: bytes }, [bytes.buffer]);
    },
    (err: unknown) => parentPort!.postMessage({ id, error: err instanceof Error ? err.message : String(err) }),
  );
});
