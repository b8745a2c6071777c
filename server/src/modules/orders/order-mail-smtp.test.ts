import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../lib/mailer.js';
import {
  bearer,
  buyWithSimulator,
  createAdminToken,
  signUpCustomer,
  startTestApp,
  type TestContext,
} from '../../test/harness.js';
import { MainCategory } from '../catalog/category.model.js';

const ADDRESS = '7 Race Course Road, Rajkot, Gujarat, India, 360001';

interface ReceivedMail {
  to: string[];
  raw: string;
}

describe('order mails through a real SMTP server', () => {
  const received: ReceivedMail[] = [];
  /** Addresses whose next delivery the server refuses once, like a mail server having a bad moment. */
  const refuseOnce = new Set<string>();
  const refused: string[] = [];
  let smtp: SMTPServer;
  let ctx: TestContext;
  let admin: { token: string };
  let productId: string;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refuseOnce.delete(address.address)) {
          refused.push(address.address);
          callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const env = { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), MAIL_FROM: 'Kesh <care@keshayurveda.in>' };
    const mailer = createMailer({
      from: env.MAIL_FROM,
      smtp: { host: '127.0.0.1', port, secure: false },
      logger: pino({ level: 'silent' }),
      retryDelaysMs: [100, 200],
    });
    ctx = await startTestApp(env, { mailer });
    admin = await createAdminToken(ctx);
    productId = String((await MainCategory.create({ title: 'Bhringraj Oil', mainPricePaise: 49900 }))._id);
  });

  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  async function mailsTo(address: string, count: number): Promise<ReceivedMail[]> {
    for (let waited = 0; waited < 5000; waited += 25) {
      // The sign-up's confirmation code is not an order mail.
      const mails = received.filter((m) => m.to.includes(address) && !m.raw.includes('confirm your e-mail address'));
      if (mails.length >= count) return mails;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`fewer than ${count} mails reached ${address}`);
  }

  it('sends the order confirmation with the invoice PDF attached', async () => {
    const shopper = await signUpCustomer(ctx);
    const order = await buyWithSimulator(ctx, shopper, productId, 1, ADDRESS);
    const [mail] = await mailsTo(shopper.email, 1);
    const fileName = `${order.invoiceNumber!.replace(/\//g, '-')}.pdf`;
    expect(mail!.raw).toMatch(/Content-Type: application\/pdf/);
    expect(mail!.raw).toContain(`filename=${fileName}`);
  });

  it('retries a refused mail without failing or delaying the status change', async () => {
    const shopper = await signUpCustomer(ctx);
    const order = await buyWithSimulator(ctx, shopper, productId, 1, ADDRESS);
    await mailsTo(shopper.email, 1);
    refuseOnce.add(shopper.email);

    const res = await ctx.http.put(`/api/orders/${order._id}/status`).set(bearer(admin.token)).send({
      status: 'Dispatched',
      courier: 'Blue Dart',
      trackingNumber: 'BD1',
      trackingUrl: 'https://bluedart.com/t/BD1',
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('Dispatched');

    const mails = await mailsTo(shopper.email, 2);
    expect(refused).toContain(shopper.email);
    // Undo quoted-printable's soft line breaks before reading the body.
    expect(mails[1]!.raw.replace(/=\r?\n/g, '')).toContain('Track your parcel: https://bluedart.com/t/BD1');
  });
});
