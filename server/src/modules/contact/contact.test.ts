import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import type { MailMessage, Mailer } from '../../lib/mailer.js';
import { bearer, createAdminToken, signUpCustomer, startTestApp, type TestContext } from '../../test/harness.js';
import { ContactMessage } from './contact.model.js';

/** Records mails, and fails them while `down` is set, like an SMTP outage. */
function flakyMailer() {
  const outbox: MailMessage[] = [];
  const mailer: Mailer & { down: boolean } = {
    outbox,
    down: false,
    async send(message) {
      if (mailer.down) throw new Error('connect ECONNREFUSED 127.0.0.1:587');
      outbox.push(message);
    },
    sendInBackground(message) {
      mailer.send(message).catch(() => undefined);
    },
  };
  return mailer;
}

const message = {
  name: 'Kiran Shah',
  email: 'kiran@example.com',
  phoneNo: '9898989898',
  subject: 'Bulk order',
  message: 'Do you ship 20 bottles of amla oil to Surat?',
};

describe('contact messages', () => {
  let ctx: TestContext;
  const mailer = flakyMailer();
  beforeAll(async () => {
    ctx = await startTestApp({ SHOP_NOTIFY_EMAIL: 'owner@keshayurveda.in' }, { mailer });
  });
  afterAll(() => ctx.close());

  it('stores the message, mails the shop and answers 201', async () => {
    const res = await ctx.http.post('/api/contact').send(message);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: MESSAGES.contactSent });
    expect(await ContactMessage.countDocuments({ email: 'kiran@example.com', subject: 'Bulk order' })).toBe(1);
    const mail = mailer.outbox.at(-1);
    expect(mail?.to).toBe('owner@keshayurveda.in');
    expect(mail?.text).toContain('Do you ship 20 bottles of amla oil to Surat?');
    expect(mail?.text).toContain('9898989898');
  });

  it('accepts a message without phone and subject', async () => {
    const res = await ctx.http
      .post('/api/contact')
      .send({ name: 'Ravi', email: 'ravi@example.com', message: 'Is the shampoo sulphate-free?' });
    expect(res.status).toBe(201);
    const stored = await ContactMessage.findOne({ email: 'ravi@example.com' }).lean();
    expect(stored).toMatchObject({ phoneNo: '', subject: '' });
  });

  it('keeps the message when the mail cannot be sent', async () => {
    mailer.down = true;
    try {
      const res = await ctx.http.post('/api/contact').send({ ...message, email: 'outage@example.com' });
      expect(res.status).toBe(201);
      expect(await ContactMessage.countDocuments({ email: 'outage@example.com' })).toBe(1);
    } finally {
      mailer.down = false;
    }
  });

  it.each([
    ['no name', { name: undefined }, 'Name is required.'],
    ['a blank name', { name: '  ' }, 'Name is required.'],
    ['no email', { email: undefined }, 'A valid email is required.'],
    ['an invalid email', { email: 'kiran@' }, 'A valid email is required.'],
    ['no message', { message: undefined }, 'Message is required.'],
    ['an operator object as email', { email: { $ne: null } }, 'A valid email is required.'],
  ])('answers 400 to a message with %s and stores nothing', async (_label, change, error) => {
    const before = await ContactMessage.countDocuments();
    const res = await ctx.http.post('/api/contact').send({ ...message, ...change });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    expect(await ContactMessage.countDocuments()).toBe(before);
  });

  describe('GET /api/contact', () => {
    it('lists messages newest first to the admin', async () => {
      await ctx.http
        .post('/api/contact')
        .send({ ...message, subject: 'older' })
        .expect(201);
      await new Promise((r) => setTimeout(r, 5));
      await ctx.http
        .post('/api/contact')
        .send({ ...message, subject: 'newer' })
        .expect(201);
      const admin = await createAdminToken(ctx);
      const res = await ctx.http.get('/api/contact').set(bearer(admin.token));
      expect(res.status).toBe(200);
      expect(res.body[0]).toMatchObject({
        ...message,
        subject: 'newer',
        _id: expect.any(String),
        createdAt: expect.any(String),
      });
      expect(res.body[1].subject).toBe('older');
    });

    it('refuses visitors (401) and shoppers (403)', async () => {
      expect((await ctx.http.get('/api/contact')).status).toBe(401);
      const shopper = await signUpCustomer(ctx);
      expect((await ctx.http.get('/api/contact').set(bearer(shopper.token))).status).toBe(403);
    });
  });
});

describe('contact form flood protection', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({ RATE_LIMIT: 'true' });
  });
  afterAll(() => ctx.close());

  it('accepts 20 messages an hour from one IP, then answers 429', async () => {
    for (let i = 0; i < 20; i += 1) await ctx.http.post('/api/contact').send(message).expect(201);
    const res = await ctx.http.post('/api/contact').send(message);
    expect(res.status).toBe(429);
    expect(res.body.error).toBe(MESSAGES.tooManyRequests);
    expect(await ContactMessage.countDocuments()).toBe(20);
  });
});
