import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import { addressSchema, categoryFieldsSchema, loginSchema, orderStatusSchema, signupSchema } from './schemas.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('signup rules (spec section 5), in the order the form checks them', () => {
  const schema = signupSchema('care@shop.in');
  const valid = { username: 'Asha', email: 'asha@example.com', contact: '9876543210', password: 'longenough' };

  it('accepts a valid signup and normalises the email', () => {
    const result = schema.safeParse({ ...valid, email: ' Asha@Example.com ' });
    expect(result.success && result.data.email).toBe('asha@example.com');
  });

  it.each([
    [{ ...valid, username: '' }, MESSAGES.fillAllFields],
    [{ ...valid, email: 'not an email' }, 'Please enter a valid email address (e.g., care@shop.in)!'],
    [{ ...valid, contact: '98765' }, MESSAGES.invalidPhone],
    [{ ...valid, password: 'short' }, MESSAGES.passwordTooShort],
    [{ ...valid, email: { $ne: null } }, MESSAGES.fillAllFields],
  ])('%j -> %s', (body, message) => {
    expect(firstMessage(schema.safeParse(body))).toBe(message);
  });
});

describe('other request schemas', () => {
  it('refuses an operator object where the login email belongs', () => {
    expect(loginSchema.safeParse({ email: { $gt: '' }, password: 'x' }).success).toBe(false);
  });

  it('requires all five address parts', () => {
    expect(addressSchema.safeParse({ address: 'a, b, c, d, e' }).success).toBe(true);
    expect(firstMessage(addressSchema.safeParse({ address: 'a, , c, d, e' }))).toBe(MESSAGES.fillAllAddressFields);
  });

  it('parses category prices of at most two decimals and raters to a whole number', () => {
    const result = categoryFieldsSchema.parse({
      title: 'Oil',
      mainPrice: '449.99',
      offerPrice: '',
      ratingCount: '12',
    });
    expect(result).toMatchObject({ title: 'Oil', mainPrice: 449.99, offerPrice: null, ratingCount: 12 });
    expect(categoryFieldsSchema.safeParse({ title: 'Oil', mainPrice: '449.999' }).success).toBe(false);
    expect(categoryFieldsSchema.safeParse({ title: 'Oil', ratingCount: '1.5' }).success).toBe(false);
    expect(categoryFieldsSchema.safeParse({ title: 'Oil', mainPrice: '-1' }).success).toBe(false);
  });

  it('accepts only the four order statuses', () => {
    expect(orderStatusSchema.safeParse({ status: 'Dispatched' }).success).toBe(true);
    expect(firstMessage(orderStatusSchema.safeParse({ status: 'Lost' }))).toBe(MESSAGES.invalidOrderStatus);
  });
});
