import mongoose from 'mongoose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import { resetMailsTo, signUpCustomer, startTestApp, type TestContext } from '../../test/harness.js';
import { QueuedMail } from '../mail/mail-queue.model.js';
import { User } from '../users/user.model.js';

/**
 * Forgot-password must not tell by its answer or its timing which e-mails have an account. Timing
 * itself is measured apart (`forgot.timing.test.ts`, `npm run test:timing`: a clock on a shared
 * machine is no gate); what makes it hold is checked here: before answering, the server does the
 * same database work for every e-mail, and the account is looked up only after the answer is out.
 */
describe('forgot-password does the same work for accounts and strangers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());
  afterEach(() => {
    mongoose.set('debug', false);
    vi.restoreAllMocks();
  });

  it('answers alike, with the same database calls, without waiting for the account lookup', async () => {
    const shopper = await signUpCustomer(ctx);
    // The sign-up's confirmation mail leaves the queue in the background: its writes must not land
    // among the calls of one answer and not the other's (on a loaded machine they did).
    await vi.waitFor(async () => expect(await QueuedMail.countDocuments()).toBe(0), { timeout: 30_000 });
    // The lookup that decides whether a mail goes out is held until both answers are in: an answer
    // that waited for it would never come, and the test would time out.
    let release!: (account: null) => void;
    const held = new Promise<null>((resolve) => (release = resolve));
    const lookups: unknown[] = [];
    vi.spyOn(User, 'findOne').mockImplementation(((filter: unknown) => {
      lookups.push(filter);
      return { lean: () => held };
    }) as unknown as typeof User.findOne);

    const ask = async (email: string) => {
      const calls: string[] = [];
      mongoose.set('debug', (collection: string, method: string) => calls.push(`${collection}.${method}`));
      const res = await ctx.http.post('/api/auth/forgot-password').send({ email });
      mongoose.set('debug', false);
      const cookie = String(res.headers['set-cookie'] ?? '').replace(/kesh_reset=[^;]*/, 'kesh_reset=…');
      return { status: res.status, body: res.body as unknown, cookie, calls };
    };
    const known = await ask(shopper.email);
    const unknown = await ask('nobody-here@example.com');

    expect(known.status).toBe(200);
    expect(known.body).toEqual({ message: MESSAGES.otpSentIfExists });
    expect(unknown).toEqual(known);
    expect(known.calls).toContain('passwordresets.insertOne');
    expect(known.calls.some((call) => call.startsWith('users.'))).toBe(false);

    // The lookups run after the answers, one at a time: the first is the one still held.
    await vi.waitFor(() => expect(lookups).toEqual([{ email: shopper.email }]), { timeout: 30_000 });
    vi.restoreAllMocks();
    release(null);
  }, 60_000);

  it('mails the code only to an account, after the answer', async () => {
    const shopper = await signUpCustomer(ctx);
    await ctx.http.post('/api/auth/forgot-password').send({ email: shopper.email }).expect(200);
    await vi.waitFor(() => expect(resetMailsTo(ctx, shopper.email)).toHaveLength(1), { timeout: 10_000 });
    await ctx.http.post('/api/auth/forgot-password').send({ email: 'stranger@example.com' }).expect(200);
    expect(ctx.deps.mailer.outbox.some((mail) => mail.to === 'stranger@example.com')).toBe(false);
  });
});
