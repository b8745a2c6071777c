import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { MESSAGES } from '@kesh/shared';
import { useMessageText } from './useMessageText';
import i18n from '../../i18n';

/** Validation texts the server can send to the storefront, as a shopper reads them in each language. */
const SERVER_TEXTS = [
  MESSAGES.quantityOutOfRange,
  MESSAGES.cartLineQuantityLimit,
  MESSAGES.cartLineNotInCart,
  MESSAGES.invalidProductId,
  MESSAGES.textTooLong,
  MESSAGES.contactNameRequired,
  MESSAGES.contactEmailInvalid,
  MESSAGES.contactMessageRequired,
  MESSAGES.jsonOnly,
  MESSAGES.imageTooManyPixels,
  MESSAGES.imageUnreadable,
  MESSAGES.tooManyRequests,
  MESSAGES.storageUnavailable,
  // What checkout, the address book and cancelling tell a shopper.
  MESSAGES.orderPlaced,
  MESSAGES.paymentCancelled,
  MESSAGES.paymentVerificationFailed,
  MESSAGES.razorpaySdkFailed,
  MESSAGES.selectDeliveryAddress,
  MESSAGES.addressSaved,
  MESSAGES.addressRemoved,
  MESSAGES.orderCancelled,
  MESSAGES.orderAlreadyShipped,
  MESSAGES.orderNotFound,
];

describe('server messages in four languages', () => {
  it.each(['hi', 'mr', 'gu'])('shows every validation message in %s, not in English', async (lng) => {
    await i18n.changeLanguage(lng);
    const { result } = renderHook(() => useMessageText());
    for (const text of SERVER_TEXTS) {
      const shown = result.current(text);
      expect(shown, text).not.toBe(text);
      expect(shown.length).toBeGreaterThan(0);
    }
    await i18n.changeLanguage('en');
  });

  it('shows them in English exactly as the server sends them', async () => {
    await i18n.changeLanguage('en');
    const { result } = renderHook(() => useMessageText());
    for (const text of SERVER_TEXTS) expect(result.current(text)).toBe(text);
  });
});
