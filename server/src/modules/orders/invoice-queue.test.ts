/**
 * An order's invoice is made after the answer, by a job that outlives the process: verify-payment
 * never waits for a PDF, a restart between the order and its PDF still produces the PDF and the
 * mail, and downloads are limited per account.
 */
import { readdir } from 'node:fs/promises';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import {
  bearer,
  buyWithSimulator,
  createAdminToken,
  orderMailsSent,
  signUpCustomer,
  startTestApp,
  type TestContext,
} from '../../test/harness.js';
import { MainCategory } from '../catalog/category.model.js';
import { InvoiceJob } from './invoice-job.model.js';
import { expectInvoice, runDueInvoiceJobs } from './invoice-jobs.js';
import { renderInvoiceOffLoop } from './invoice-renderer.js';
import { Order } from './order.model.js';

vi.mock('./invoice-renderer.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./invoice-renderer.js')>();
  return { ...real, renderInvoiceOffLoop: vi.fn(real.renderInvoiceOffLoop) };
});

const RAJKOT = '7 Race Course Road, Rajkot, Gujarat, India, 360001';
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('invoices made off the request path', () => {
  let ctx: TestContext;
  let oilId: string;
  let asha: Awaited<ReturnType<typeof signUpCustomer>>;

  beforeAll(async () => {
    ctx = await startTestApp({ RATE_LIMIT: 'true' });
    asha = await signUpCustomer(ctx, { username: 'Asha Patel' });
    oilId = String((await MainCategory.create({ title: 'Bhringraj Oil', mainPricePaise: 49900 }))._id);
  });
  afterAll(() => ctx.close());

  const mailsAbout = (orderId: string) =>
    ctx.deps.mailer.outbox.filter((m) => m.subject.includes(orderId.slice(-8)) || m.text.includes(orderId.slice(-8)));

  /** An order as placing writes it (its invoice job first), by a process that stops right after. */
  async function orderLeftByACrash() {
    const id = new Types.ObjectId();
    await expectInvoice(id);
    await Order.create({
      _id: id,
      userId: asha.userId,
      products: [{ productId: oilId, title: 'Bhringraj Oil', quantity: 1, pricePaise: 49900 }],
      totalPaise: 49900,
      userDetails: { username: 'Asha Patel', email: asha.email, contact: '9876543210', address: RAJKOT },
      razorpayOrderId: `order_Crash${id.toHexString().slice(-6)}`,
      razorpayPaymentId: `pay_Crash${id.toHexString().slice(-6)}`,
      paymentMethod: 'online',
      createdAt: new Date(),
    });
    return id.toHexString();
  }

  it('answers verify-payment before the invoice is rendered; the mail follows with it attached', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const render = vi.mocked(renderInvoiceOffLoop);
    const realRender = render.getMockImplementation()!;
    render.mockImplementationOnce(async (invoice) => {
      await held;
      return realRender(invoice);
    });
    const rendersBefore = render.mock.calls.length;

    const order = await buyWithSimulator(ctx, asha, oilId, 1, RAJKOT);
    expect(order.invoiceNumber).toMatch(/^INV\/\d{4}-\d{2}\/\d{6}$/);
    await vi.waitFor(() => expect(render.mock.calls.length).toBe(rendersBefore + 1));
    // Verify has answered; the invoice is still being rendered, so nothing is mailed or stored yet.
    expect(mailsAbout(order._id)).toEqual([]);
    expect(await InvoiceJob.exists({ _id: order._id })).toBeTruthy();

    release();
    await orderMailsSent();
    const [shopperMail] = mailsAbout(order._id).filter((m) => m.to === asha.email);
    expect(shopperMail?.attachments?.[0]?.filename).toBe(`${order.invoiceNumber!.replace(/\//g, '-')}.pdf`);
    expect(mailsAbout(order._id).some((m) => m.to === ctx.config.shopNotifyEmail)).toBe(true);
    expect(await readdir(ctx.config.storage.invoiceDir)).toContain(`${order._id}.pdf`);
    expect(await InvoiceJob.exists({ _id: order._id })).toBeNull();
  });

  it('makes the invoice and the mails of an order placed just before a crash, once, after the restart', async () => {
    const id = await orderLeftByACrash();
    expect(mailsAbout(id)).toEqual([]);
    // The restarted process's sweep leaves the job to its placing process for a minute first.
    expect(await runDueInvoiceJobs(ctx.deps)).toBe(0);
    expect(await runDueInvoiceJobs(ctx.deps, minutesFromNow(2))).toBe(1);
    expect(await readdir(ctx.config.storage.invoiceDir)).toContain(`${id}.pdf`);
    const order = (await Order.findById(id).lean())!;
    expect(order.invoiceNumber).toMatch(/^INV\//);
    const mails = mailsAbout(id);
    expect(mails.map((m) => m.to).sort()).toEqual([asha.email, ctx.config.shopNotifyEmail].sort());
    expect(mails.find((m) => m.to === asha.email)!.attachments?.[0]?.contentType).toBe('application/pdf');
    expect(await runDueInvoiceJobs(ctx.deps, minutesFromNow(60))).toBe(0);
    expect(mailsAbout(id)).toHaveLength(2);
  });

  it('takes over a job whose process died while running it once its claim has run out', async () => {
    const id = await orderLeftByACrash();
    await InvoiceJob.updateOne({ _id: id }, { $set: { claimedUntil: minutesFromNow(2) } });
    expect(await runDueInvoiceJobs(ctx.deps, minutesFromNow(1.5))).toBe(0);
    expect(await runDueInvoiceJobs(ctx.deps, minutesFromNow(3))).toBe(1);
    expect(mailsAbout(id)).toHaveLength(2);
  });

  it('tries a render again later when its thread died of its memory limit, and mails once it is made', async () => {
    const id = await orderLeftByACrash();
    // What the renderer's promise gives when its thread reaches its resourceLimits (see worker-thread.test.ts).
    const died = new Error('Worker terminated due to reaching memory limit: JS heap out of memory');
    vi.mocked(renderInvoiceOffLoop).mockRejectedValueOnce(died);
    expect(await runDueInvoiceJobs(ctx.deps, minutesFromNow(2))).toBe(1);
    expect(await InvoiceJob.findById(id).lean()).toMatchObject({
      attempts: 1,
      claimedUntil: null,
      lastError: String(died),
    });
    expect(mailsAbout(id)).toEqual([]);
    expect(await readdir(ctx.config.storage.invoiceDir)).not.toContain(`${id}.pdf`);

    expect(await runDueInvoiceJobs(ctx.deps, minutesFromNow(3))).toBe(1);
    expect(await readdir(ctx.config.storage.invoiceDir)).toContain(`${id}.pdf`);
    expect(mailsAbout(id).find((m) => m.to === asha.email)?.attachments?.[0]?.contentType).toBe('application/pdf');
    expect(await InvoiceJob.exists({ _id: id })).toBeNull();
  });

  it('forgets a job whose order was never inserted, after a grace period', async () => {
    const id = new Types.ObjectId();
    await expectInvoice(id);
    await runDueInvoiceJobs(ctx.deps, minutesFromNow(2));
    expect(await InvoiceJob.exists({ _id: id })).toBeTruthy();
    await runDueInvoiceJobs(ctx.deps, minutesFromNow(11));
    expect(await InvoiceJob.exists({ _id: id })).toBeNull();
  });

  it("limits a shopper's invoice downloads per account, not the owner's", async () => {
    const id = await orderLeftByACrash();
    await runDueInvoiceJobs(ctx.deps, minutesFromNow(2));
    const download = (token: string) => ctx.http.get(`/api/orders/${id}/invoice`).set(bearer(token));
    for (let i = 0; i < 30; i += 1) expect((await download(asha.token)).status).toBe(200);
    const refused = await download(asha.token);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: MESSAGES.tooManyRequests, message: MESSAGES.tooManyRequests });
    // Another shopper still has their own allowance (their answer is the usual 404 for another's order).
    const ravi = await signUpCustomer(ctx);
    expect((await download(ravi.token)).status).toBe(404);
    const admin = await createAdminToken(ctx);
    expect((await download(admin.token)).status).toBe(200);
  });
});
