/*
 * Offline payment simulator: stands in for Razorpay's checkout.js when the server runs without
 * Razorpay keys. Same browser API: `new Razorpay(options).open()`; "Pay" calls
 * options.handler({ razorpay_payment_id, razorpay_order_id, razorpay_signature }) with a signature
 * the server accepts, "Cancel" (or Escape) calls options.modal.ondismiss(). No money moves.
 */
(function () {
  'use strict';

  // currentScript is only set while this file first runs, so the server address is read now.
  var scriptSrc = document.currentScript && document.currentScript.src;
  var apiOrigin = scriptSrc ? new URL(scriptSrc).origin : window.location.origin;
  var PAY_URL = apiOrigin + '/api/payment/simulator/pay';

  function formatRupees(paise) {
    var rupees = Number(paise || 0) / 100;
    var hasFraction = Math.round(rupees * 100) % 100 !== 0;
    return (
      '\u20B9' +
      rupees.toLocaleString('en-IN', {
        minimumFractionDigits: hasFraction ? 2 : 0,
        maximumFractionDigits: 2,
      })
    );
  }

  function el(tag, style, text) {
    var node = document.createElement(tag);
    if (style) node.setAttribute('style', style);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function SimulatedRazorpay(options) {
    if (!(this instanceof SimulatedRazorpay)) return new SimulatedRazorpay(options);
    this.options = options || {};
    this.listeners = {};
    this.overlay = null;
  }

  SimulatedRazorpay.prototype.on = function (event, callback) {
    this.listeners[event] = callback;
  };

  SimulatedRazorpay.prototype.close = function () {
    if (this.overlay) {
      document.removeEventListener('keydown', this.onKeyDown, true);
      this.overlay.remove();
      this.overlay = null;
      if (this.previousFocus && this.previousFocus.focus) this.previousFocus.focus();
    }
  };

  SimulatedRazorpay.prototype.open = function () {
    if (this.overlay) return;
    var self = this;
    var options = this.options;
    var color = (options.theme && options.theme.color) || '#1f5130';
    this.previousFocus = document.activeElement;

    var overlay = el(
      'div',
      'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.55);display:flex;' +
        'align-items:center;justify-content:center;font-family:system-ui,sans-serif;',
    );
    var dialog = el(
      'div',
      'background:#fff;color:#1a1a1a;border-radius:12px;padding:24px;width:min(92vw,360px);' +
        'box-shadow:0 10px 40px rgba(0,0,0,.3);',
    );
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', 'rzp-sim-title');
    dialog.setAttribute('aria-describedby', 'rzp-sim-amount rzp-sim-note');

    var title = el('h2', 'margin:0 0 4px;font-size:20px;color:' + color + ';', options.name || 'Checkout');
    title.id = 'rzp-sim-title';
    var description = el('p', 'margin:0 0 16px;color:#555;', options.description || '');
    var amount = el('p', 'margin:0 0 8px;font-size:28px;font-weight:700;', formatRupees(options.amount));
    amount.id = 'rzp-sim-amount';
    var note = el(
      'p',
      'margin:0 0 16px;font-size:13px;color:#8a5a00;background:#fff6e0;padding:8px;border-radius:6px;',
      'Payment simulator: no real money is charged.',
    );
    note.id = 'rzp-sim-note';
    var error = el('p', 'margin:0 0 12px;color:#b00020;min-height:1em;');
    error.setAttribute('role', 'alert');

    var actions = el('div', 'display:flex;gap:12px;justify-content:flex-end;');
    var cancel = el(
      'button',
      'padding:10px 18px;border:1px solid #999;border-radius:8px;background:#fff;cursor:pointer;',
      'Cancel',
    );
    cancel.type = 'button';
    var pay = el(
      'button',
      'padding:10px 22px;border:0;border-radius:8px;background:' + color + ';color:#fff;cursor:pointer;',
      'Pay',
    );
    pay.type = 'button';

    function setBusy(busy) {
      pay.disabled = busy;
      cancel.disabled = busy;
      dialog.setAttribute('aria-busy', busy ? 'true' : 'false');
    }

    function dismiss() {
      self.close();
      if (options.modal && typeof options.modal.ondismiss === 'function') options.modal.ondismiss();
    }

    function fail(message) {
      setBusy(false);
      error.textContent = message;
      if (typeof self.listeners['payment.failed'] === 'function') {
        self.listeners['payment.failed']({ error: { description: message } });
      }
    }

    pay.addEventListener('click', function () {
      setBusy(true);
      error.textContent = '';
      fetch(PAY_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ order_id: options.order_id }),
      })
        .then(function (res) {
          return res.json().then(function (body) {
            if (!res.ok) throw new Error((body && body.error) || 'Payment failed');
            return body;
          });
        })
        .then(function (body) {
          self.close();
          if (typeof options.handler === 'function') {
            options.handler({
              razorpay_payment_id: body.razorpay_payment_id,
              razorpay_order_id: body.razorpay_order_id,
              razorpay_signature: body.razorpay_signature,
            });
          }
        })
        .catch(function (err) {
          fail(err && err.message ? err.message : 'Payment failed');
        });
    });
    cancel.addEventListener('click', dismiss);

    // Keep keyboard focus inside the dialog and let Escape cancel, as a modal dialog should.
    this.onKeyDown = function (event) {
      if (event.key === 'Escape' && !pay.disabled) {
        event.preventDefault();
        dismiss();
      } else if (event.key === 'Tab') {
        var first = cancel;
        var last = pay;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', this.onKeyDown, true);

    actions.appendChild(cancel);
    actions.appendChild(pay);
    dialog.appendChild(title);
    if (options.description) dialog.appendChild(description);
    dialog.appendChild(amount);
    dialog.appendChild(note);
    dialog.appendChild(error);
    dialog.appendChild(actions);
    overlay.appendChild(dialog);
    document.body.appendChild(overlay);
    this.overlay = overlay;
    pay.focus();
  };

  window.Razorpay = SimulatedRazorpay;
})();
