import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import { signUpCustomer, startTestApp, type TestContext } from '../../test/harness.js';

interface ReceivedMail {
  to: string[];
  raw: string;
}

/** Undoes quoted-printable soft line breaks and =XX escapes, enough to read a plain-text body. */
function plainBody(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('OTP mail through a real SMTP server', () => {
  const received: ReceivedMail[] = [];
  let smtp: SMTPServer;
  let ctx: TestContext;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    ctx = await startTestApp({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      MAIL_FROM: 'Kesh <care@keshayurveda.in>',
    });
  });

  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  async function mailTo(address: string): Promise<ReceivedMail> {
    for (let waited = 0; waited < 5000; waited += 25) {
      const mail = received.find((m) => m.to.includes(address) && m.raw.includes('password reset code'));
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no mail reached ${address}`);
  }

  it('mails the code over SMTP, and the code resets the password', async () => {
    const shopper = await signUpCustomer(ctx);
    const res = await ctx.http.post('/api/auth/forgot-password').send({ email: shopper.email });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.otpSentIfExists);

    const mail = await mailTo(shopper.email);
    expect(mail.raw).toMatch(/^From: Kesh <care@keshayurveda\.in>/m);
    expect(ctx.deps.mailer.outbox).toHaveLength(0);
    const otp = /code is (\d{6})/.exec(plainBody(mail.raw))?.[1];
    expect(otp).toMatch(/^\d{6}$/);

    const checked = await ctx.http.post('/api/auth/verify-otp').send({ email: shopper.email, otp });
    expect(checked.body.message).toBe(MESSAGES.otpVerified);
    const reset = await ctx.http
      .post('/api/auth/verify-otp')
      .send({ email: shopper.email, otp, newPassword: 'mailed-and-reset' });
    expect(reset.body).toEqual({ message: MESSAGES.passwordReset, success: true });
    const login = await ctx.http.post('/api/auth/login').send({ email: shopper.email, password: 'mailed-and-reset' });
    expect(login.status).toBe(200);
  });

  it('sends nothing for an unknown email', async () => {
    const before = received.length;
    await ctx.http.post('/api/auth/forgot-password').send({ email: 'not-registered@example.com' }).expect(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(received.length).toBe(before);
  });
});
