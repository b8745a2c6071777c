import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import { bearer, signUpCustomer, startTestApp, type TestContext } from '../test/harness.js';

/**
 * 100 kB of input built to make patterns backtrack, in every text field of every public form: each
 * is refused quickly with a message a person can read (a 49 kB e-mail once blocked the server
 * for seconds). The bodies stay under the 100 kB JSON limit so that validation, not the parser,
 * answers.
 */
const SIZE = 100_000;
const ADVERSARIAL: Record<string, string> = {
  'dots after an @': `a@${'a.'.repeat(SIZE / 2 - 2)}@`,
  'many @': '@'.repeat(SIZE),
  spaces: ' '.repeat(SIZE - 1) + 'x',
  'digits then a letter': '1'.repeat(SIZE - 1) + 'x',
  'comma-separated parts': ', '.repeat(SIZE / 2),
  'hex then a letter': 'a'.repeat(SIZE - 1) + 'z',
};

const KNOWN_MESSAGES = new Set(
  Object.values(MESSAGES as Record<string, unknown>).filter((m): m is string => typeof m === 'string'),
);

describe('slow-input resistance of every public form', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await startTestApp();
    token = (await signUpCustomer(ctx)).token;
  });
  afterAll(() => ctx.close());

  const forms: { path: string; fields: Record<string, string>; customer?: boolean; numbers?: object }[] = [
    {
      path: '/api/auth/signup',
      fields: { username: 'Mira', email: 'mira@example.com', contact: '9876543210', password: 'long-enough' },
    },
    { path: '/api/auth/login', fields: { email: 'mira@example.com', password: 'long-enough' } },
    { path: '/api/auth/forgot-password', fields: { email: 'mira@example.com' } },
    { path: '/api/auth/verify-otp', fields: { email: 'mira@example.com', otp: '123456', newPassword: 'long-enough' } },
    {
      path: '/api/contact',
      fields: { name: 'Mira', email: 'mira@example.com', phoneNo: '9876543210', subject: 'Hi', message: 'Hello' },
    },
    { path: '/logAdmin', fields: { username: 'owner', password: 'owner-pass' } },
    { path: '/api/auth/add-address', fields: { address: 'a, b, c, d, 360001' }, customer: true },
    {
      path: '/api/cart/add-to-cart',
      fields: { productId: '64b0000000000000000000aa' },
      customer: true,
      numbers: { quantity: 1 },
    },
    {
      path: '/api/payment/create-order',
      fields: { receipt: 'r1', userId: 'u1', address: 'a, b, c, d, 360001' },
      customer: true,
      numbers: { amount: 100 },
    },
  ];

  const cases = forms.flatMap((form) =>
    Object.keys(form.fields).flatMap((field) =>
      Object.entries(ADVERSARIAL).map(([kind, value]) => ({ form, field, kind, value })),
    ),
  );

  it(`refuses ${cases.length} hostile inputs quickly, each with a readable message`, async () => {
    for (const { form, field, kind, value } of cases) {
      const body = { ...form.fields, ...form.numbers, [field]: value };
      let req = ctx.http.post(form.path);
      if (form.customer) req = req.set(bearer(token));
      const started = performance.now();
      const res = await req.send(body);
      const took = performance.now() - started;
      const label = `${form.path} ${field} = ${kind}`;
      expect(took, label).toBeLessThan(1000);
      expect([400, 401], label).toContain(res.status);
      expect(KNOWN_MESSAGES.has(res.body.error), `${label}: ${res.body.error}`).toBe(true);
    }
  }, 120_000);
});
