import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Order as OrderDto } from '@kesh/shared';
import {
  bearer,
  buyWithSimulator,
  createAdminToken,
  orderMailsSent,
  signUpCustomer,
  startTestApp,
  type TestContext,
} from '../../test/harness.js';
import { bufferBody, pdfText } from '../../test/pdf.js';
import { MainCategory } from '../catalog/category.model.js';
import { invoiceRenders } from './invoice-renderer.js';
import { Order } from './order.model.js';

const RAJKOT = '7 Race Course Road, Rajkot, Gujarat, India, 360001';
const PUNE = '21 FC Road, Pune, Maharashtra, India, 411004';

const asBuffer = (res: { body: unknown }) => res.body as Buffer;

const rendersSoFar = async () => (await invoiceRenders.get()).values[0]?.value ?? 0;

describe('GST tax invoices', () => {
  let ctx: TestContext;
  let admin: { token: string };
  let asha: Awaited<ReturnType<typeof signUpCustomer>>;
  let ravi: Awaited<ReturnType<typeof signUpCustomer>>;
  let oilId: string;
  let powderId: string;
  const clock = { now: new Date('2026-11-20T06:00:00.000Z') };

  const invoice = (id: string, token?: string) => {
    const req = ctx.http.get(`/api/orders/${id}/invoice`).buffer(true).parse(bufferBody);
    return token ? req.set(bearer(token)) : req;
  };

  beforeAll(async () => {
    ctx = await startTestApp(
      { SELLER_NAME: 'Kesh Ayurveda LLP', SELLER_GSTIN: '24AAKCK1234F1Z5', SELLER_STATE: 'Gujarat' },
      { now: () => new Date(clock.now) },
    );
    admin = await createAdminToken(ctx);
    asha = await signUpCustomer(ctx, { username: 'Asha Patel' });
    ravi = await signUpCustomer(ctx, { username: 'Ravi Kulkarni' });
    oilId = String((await MainCategory.create({ title: 'Bhringraj Oil', mainPricePaise: 49900 }))._id);
    powderId = String(
      (await MainCategory.create({ title: 'Amla Powder', mainPricePaise: 25000, hsnCode: '121190', gstRatePercent: 5 }))
        ._id,
    );
  });
  afterAll(() => ctx.close());

  it('splits the tax into CGST and SGST for a buyer in the seller state, with the numbers in words', async () => {
    const order = await buyWithSimulator(ctx, asha, oilId, 2, RAJKOT);
    const res = await invoice(order._id, asha.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="INV-2026-27-\d{6}\.pdf"/);
    const text = await pdfText(asBuffer(res));

    expect(text).toContain(`Invoice No: ${order.invoiceNumber}`);
    expect(order.invoiceNumber).toMatch(/^INV\/2026-27\/\d{6}$/);
    expect(text).toContain('Kesh Ayurveda LLP');
    expect(text).toContain('GSTIN: 24AAKCK1234F1Z5');
    expect(text).toContain('Asha Patel');
    expect(text).toContain(RAJKOT);
    expect(text).toContain('3305');
    // ₹998 including 18 %: taxable 998 / 1.18 = 845.76, tax 152.24 = CGST 76.12 + SGST 76.12
    expect(text).toContain('Taxable value: ₹845.76');
    expect(text).toContain('CGST: ₹76.12');
    expect(text).toContain('SGST: ₹76.12');
    expect(text).not.toContain('IGST');
    expect(text).toContain('Invoice total: ₹998.00');
    expect(text).toContain('Nine Hundred Ninety Eight Rupees Only');
  });

  it('charges IGST to a buyer in another state and uses each product’s own HSN code and rate', async () => {
    await ctx.http.post('/api/cart/add-to-cart').set(bearer(ravi.token)).send({ productId: powderId, quantity: 1 });
    const order = await buyWithSimulator(ctx, ravi, oilId, 1, PUNE);
    const text = await pdfText(asBuffer(await invoice(order._id, ravi.token)));
    expect(text).toContain('121190');
    expect(text).toContain('5%');
    // oil 499.00 at 18 %: taxable 422.88, tax 76.12; powder 250.00 at 5 %: taxable 238.10, tax 11.90
    expect(text).toContain('Taxable value: ₹660.98');
    expect(text).toContain('IGST: ₹88.02');
    expect(text).not.toContain('CGST');
    expect(text).toContain('Invoice total: ₹749.00');
    expect(text).toContain('Seven Hundred Forty Nine Rupees Only');
  });

  it('writes a big total in lakh and crore', async () => {
    const big = await MainCategory.create({ title: 'Wedding Hamper', mainPricePaise: 1_25_43_210_50 });
    const order = await buyWithSimulator(ctx, asha, String(big._id), 1, RAJKOT);
    const text = await pdfText(asBuffer(await invoice(order._id, admin.token)));
    expect(text).toContain(
      'One Crore Twenty Five Lakh Forty Three Thousand Two Hundred Ten Rupees And Fifty Paise Only',
    );
  });

  it("lets the admin fetch any invoice, a shopper only their own (another's is a 404)", async () => {
    const order = await buyWithSimulator(ctx, asha, oilId, 1, RAJKOT);
    expect((await invoice(order._id, admin.token)).status).toBe(200);
    const other = await ctx.http.get(`/api/orders/${order._id}/invoice`).set(bearer(ravi.token));
    expect(other.status).toBe(404);
    expect(other.body.error).toBe(MESSAGES.orderNotFound);
    expect((await ctx.http.get(`/api/orders/${order._id}/invoice`)).status).toBe(401);
    const malformed = await ctx.http.get('/api/orders/12345/invoice').set(bearer(asha.token));
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe(MESSAGES.invalidOrderId);
    expect((await ctx.http.get('/api/orders/0123456789abcdef01234567/invoice').set(bearer(admin.token))).status).toBe(
      404,
    );
  });

  it('numbers invoices without gaps when orders are placed at the same time', async () => {
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => signUpCustomer(ctx)));
    const before = await Order.countDocuments({ invoiceNumber: { $exists: true } });
    const orders = await Promise.all(shoppers.map((s) => buyWithSimulator(ctx, s, oilId, 1, RAJKOT)));
    const numbers = orders.map((o) => Number(o.invoiceNumber!.split('/')[2])).sort((a, b) => a - b);
    expect(numbers).toEqual([before + 1, before + 2, before + 3, before + 4, before + 5]);
    const all = (await Order.find({}, { invoiceNumber: 1 }).lean()).map((o) => Number(o.invoiceNumber!.split('/')[2]));
    expect(all.sort((a, b) => a - b)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });

  it('starts a new series on 1 April, Indian time', async () => {
    clock.now = new Date('2027-03-31T18:29:59.000Z'); // 31 March, 23:59:59 in India
    const march = await buyWithSimulator(ctx, asha, oilId, 1, RAJKOT);
    clock.now = new Date('2027-03-31T18:30:00.000Z'); // 1 April, 00:00
    const april = await buyWithSimulator(ctx, asha, oilId, 1, RAJKOT);
    expect(march.invoiceNumber).toMatch(/^INV\/2026-27\/0000\d\d$/);
    expect(april.invoiceNumber).toBe('INV/2027-28/000001');
    clock.now = new Date('2026-11-20T06:00:00.000Z');
  });

  it('renders an order from before invoices were stored once, however many download it at once', async () => {
    await orderMailsSent();
    const legacy = await Order.create({
      userId: asha.userId,
      products: [{ productId: oilId, title: 'Bhringraj Oil', quantity: 1, pricePaise: 49900 }],
      totalPaise: 49900,
      userDetails: { username: 'Asha Patel', email: asha.email, contact: '9876543210', address: RAJKOT },
      razorpayOrderId: 'order_Legacy0001',
      razorpayPaymentId: 'pay_Legacy0001',
      createdAt: new Date('2026-11-02T06:00:00.000Z'),
    });
    const id = String(legacy._id);
    const before = await rendersSoFar();
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => invoice(id, asha.token)),
      invoice(id, admin.token),
      invoice(id, admin.token),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await rendersSoFar()).toBe(before + 1);
    const bodies = answers.map(asBuffer);
    expect(bodies.every((b) => b.equals(bodies[0]!))).toBe(true);
    const number = /Invoice No: (\S+)/.exec(await pdfText(bodies[0]!))?.[1];
    expect(number).toMatch(/^INV\/2026-27\/\d{6}$/);
    expect((await Order.findById(id).lean())!.invoiceNumber).toBe(number);
    expect(await readdir(ctx.config.storage.invoiceDir)).toContain(`${id}.pdf`);
    // Later downloads read the stored file.
    expect(asBuffer(await invoice(id, asha.token)).equals(bodies[0]!)).toBe(true);
    expect(await rendersSoFar()).toBe(before + 1);
  });

  it('serves the stored invoice with its length and ETag, privately, and answers 304 to a revalidation', async () => {
    const order = await buyWithSimulator(ctx, asha, oilId, 1, RAJKOT);
    await orderMailsSent();
    const before = await rendersSoFar();
    const res = await invoice(order._id, asha.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(asBuffer(res).length));
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toMatch(/^"/);
    expect(asBuffer(res).subarray(0, 5).toString()).toBe('%PDF-');
    const again = await ctx.http
      .get(`/api/orders/${order._id}/invoice`)
      .set({ ...bearer(asha.token), 'If-None-Match': res.headers.etag! });
    expect(again.status).toBe(304);
    // The invoice was rendered once, after the order was placed; downloads only read it.
    expect(await rendersSoFar()).toBe(before);
    expect(await readdir(ctx.config.storage.invoiceDir)).toContain(`${order._id}.pdf`);
    expect(await readdir(ctx.uploadDir)).toEqual([]);
  });

  it('attaches the invoice to the order mail', async () => {
    const order: OrderDto = await buyWithSimulator(ctx, asha, oilId, 1, RAJKOT);
    await orderMailsSent();
    const mail = ctx.deps.mailer.outbox.find((m) => m.to === asha.email && m.subject.includes(order._id.slice(-8)));
    expect(mail?.attachments?.[0]?.filename).toBe(`${order.invoiceNumber!.replace(/\//g, '-')}.pdf`);
    const text = await pdfText(mail!.attachments![0]!.content);
    expect(text).toContain(`Invoice No: ${order.invoiceNumber}`);
  });
});
