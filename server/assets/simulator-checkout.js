/*
 * Offline payment simulator: stands in for Razorpay's checkout.js when the server runs without
 * Razorpay keys. Same browser API: `new Razorpay(options).open()`; "Pay" calls
 * options.handler({ razorpay_payment_id, razorpay_order_id, razorpay_signature }) with a signature
 * the server accepts, "Cancel" (or Escape) calls options.modal.ondismiss(). No money moves.
 */
(() => {
  'use strict';

  // currentScript is only set while this file first runs, so the server address is read now.
  const scriptSrc = document.currentScript && document.currentScript.src;
  const apiOrigin = scriptSrc ? new URL(scriptSrc).origin : window.location.origin;
  const PAY_URL = `${apiOrigin}/api/payment/simulator/pay`;
  const DEFAULT_COLOR = '#1f5130';

  const formatRupees = (paise) => {
    const rupees = Number(paise || 0) / 100;
    const hasFraction = Math.round(rupees * 100) % 100 !== 0;
    return `\u20B9${rupees.toLocaleString('en-IN', {
      minimumFractionDigits: hasFraction ? 2 : 0,
      maximumFractionDigits: 2,
    })}`;
  };

  const el = (tag, style, text) => {
    const node = document.createElement(tag);
    if (style) node.setAttribute('style', style);
    if (text !== undefined) node.textContent = text;
    return node;
  };

  async function requestPayment(orderId) {
    const res = await fetch(PAY_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ order_id: orderId }),
    });
    const body = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(body.error || 'Payment failed');
    return body;
  }

  class SimulatedRazorpay {
    constructor(options) {
      this.options = options || {};
      this.listeners = {};
      this.overlay = null;
      this.onKeyDown = null;
      this.previousFocus = null;
    }

    on(event, callback) {
      this.listeners[event] = callback;
    }

    close() {
      if (!this.overlay) return;
      document.removeEventListener('keydown', this.onKeyDown, true);
      this.overlay.remove();
      this.overlay = null;
      if (this.previousFocus && this.previousFocus.focus) this.previousFocus.focus();
    }

    open() {
      if (this.overlay) return;
      const options = this.options;
      const color = (options.theme && options.theme.color) || DEFAULT_COLOR;
      this.previousFocus = document.activeElement;

      const overlay = el(
        'div',
        'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.55);display:flex;' +
          'align-items:center;justify-content:center;font-family:system-ui,sans-serif;',
      );
      const dialog = el(
        'div',
        'background:#fff;color:#1a1a1a;border-radius:12px;padding:24px;width:min(92vw,360px);' +
          'box-shadow:0 10px 40px rgba(0,0,0,.3);',
      );
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-labelledby', 'rzp-sim-title');
      dialog.setAttribute('aria-describedby', 'rzp-sim-amount rzp-sim-note');

      const title = el('h2', `margin:0 0 4px;font-size:20px;color:${color};`, options.name || 'Checkout');
      title.id = 'rzp-sim-title';
      const description = el('p', 'margin:0 0 16px;color:#555;', options.description || '');
      const amount = el('p', 'margin:0 0 8px;font-size:28px;font-weight:700;', formatRupees(options.amount));
      amount.id = 'rzp-sim-amount';
      const note = el(
        'p',
        'margin:0 0 16px;font-size:13px;color:#8a5a00;background:#fff6e0;padding:8px;border-radius:6px;',
        'Payment simulator: no real money is charged.',
      );
      note.id = 'rzp-sim-note';
      const error = el('p', 'margin:0 0 12px;color:#b00020;min-height:1em;');
      error.setAttribute('role', 'alert');

      const actions = el('div', 'display:flex;gap:12px;justify-content:flex-end;');
      const cancel = el(
        'button',
        'padding:10px 18px;border:1px solid #999;border-radius:8px;background:#fff;cursor:pointer;',
        'Cancel',
      );
      cancel.type = 'button';
      const pay = el(
        'button',
        `padding:10px 22px;border:0;border-radius:8px;background:${color};color:#fff;cursor:pointer;`,
        'Pay',
      );
      pay.type = 'button';

      const setBusy = (busy) => {
        pay.disabled = busy;
        cancel.disabled = busy;
        dialog.setAttribute('aria-busy', busy ? 'true' : 'false');
      };

      const dismiss = () => {
        this.close();
        if (options.modal && typeof options.modal.ondismiss === 'function') options.modal.ondismiss();
      };

      pay.addEventListener('click', async () => {
        setBusy(true);
        error.textContent = '';
        let paid;
        try {
          paid = await requestPayment(options.order_id);
        } catch (err) {
          setBusy(false);
          error.textContent = err instanceof Error ? err.message : 'Payment failed';
          const onFailed = this.listeners['payment.failed'];
          if (typeof onFailed === 'function') onFailed({ error: { description: error.textContent } });
          return;
        }
        this.close();
        if (typeof options.handler === 'function') {
          options.handler({
            razorpay_payment_id: paid.razorpay_payment_id,
            razorpay_order_id: paid.razorpay_order_id,
            razorpay_signature: paid.razorpay_signature,
          });
        }
      });
      cancel.addEventListener('click', dismiss);

      // Keep keyboard focus inside the dialog and let Escape cancel, as a modal dialog should.
      this.onKeyDown = (event) => {
        if (event.key === 'Escape' && !pay.disabled) {
          event.preventDefault();
          dismiss();
        } else if (event.key === 'Tab') {
          if (event.shiftKey && document.activeElement === cancel) {
            event.preventDefault();
            pay.focus();
          } else if (!event.shiftKey && document.activeElement === pay) {
            event.preventDefault();
            cancel.focus();
          }
        }
      };
      document.addEventListener('keydown', this.onKeyDown, true);

      actions.append(cancel, pay);
      dialog.append(title);
      if (options.description) dialog.append(description);
      dialog.append(amount, note, error, actions);
      overlay.append(dialog);
      document.body.append(overlay);
      this.overlay = overlay;
      pay.focus();
    }
  }

  window.Razorpay = SimulatedRazorpay;
})();
