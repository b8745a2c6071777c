import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse, Order as OrderDto } from '@kesh/shared';
import { bearer, orderMailsSent, signUpCustomer, type TestContext } from '../test/harness.js';
import { MainCategory } from '../modules/catalog/category.model.js';
import { Order } from '../modules/orders/order.model.js';
import { RAJKOT, saveSizes, simulatorPayment, startShop, twoSizes, type Shopper } from '../test/shop.js';

const GUJARATI_TITLE = 'આમળા વાળનું તેલ';
const HINDI_TITLE = 'आंवला बालों का तेल';

/** The names of the fonts a PDF embeds (pdfkit subsets them as "ABCDEF+NotoSansGujarati-Regular"). */
const embeddedFonts = (pdf: Buffer) =>
  [...new Set([...pdf.toString('latin1').matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map((m) => m[1]))].sort();

describe('cart and order lines in the shopper’s language', () => {
  let ctx: TestContext;
  let admin: string;

  beforeAll(async () => {
    ({ ctx, admin } = await startShop());
  });
  afterAll(() => ctx.close());

  /** "Amla hair oil" in 100 ml and 200 ml, with Gujarati and Hindi titles. */
  async function amlaOil() {
    const product = await MainCategory.create({
      title: 'Amla hair oil',
      mainPricePaise: 30000,
      translations: { gu: { title: GUJARATI_TITLE, subtitle: 'કુદરતી' }, hi: { title: HINDI_TITLE } },
    });
    const [, large] = await saveSizes(ctx, admin, product._id, twoSizes(product._id, ['199', '349'], ['10', '10']));
    return { id: String(product._id), large };
  }
  const add = (shopper: Shopper, body: Record<string, unknown>) =>
    ctx.http.post('/api/cart/add-to-cart').set(bearer(shopper.token)).send(body).expect(200);
  const placeCod = async (shopper: Shopper, language: string) =>
    (
      await ctx.http
        .post('/api/orders/cod')
        .set(bearer(shopper.token))
        .set('Accept-Language', language)
        .send({ address: RAJKOT })
        .expect(201)
    ).body.order as OrderDto;
  const mailsAbout = (order: OrderDto) => ctx.deps.mailer.outbox.filter((m) => m.subject.includes(order._id.slice(-8)));

  it('the cart sends each line’s title in the languages the owner wrote it in', async () => {
    const oil = await amlaOil();
    const plain = await MainCategory.create({ title: 'Reetha shampoo', mainPricePaise: 19900 });
    const shopper = await signUpCustomer(ctx);
    await add(shopper, { productId: oil.id, variantId: oil.large.id });
    const cart = (await add(shopper, { productId: String(plain._id) })).body as CartResponse;
    expect(cart.items.map((i) => i.productId.titles)).toEqual([{ gu: GUJARATI_TITLE, hi: HINDI_TITLE }, {}]);
  });

  it('a Gujarati order keeps its Gujarati title, its mail and invoice name the line in Gujarati, the shop’s mail in English', async () => {
    const oil = await amlaOil();
    const shopper = await signUpCustomer(ctx);
    await add(shopper, { productId: oil.id, variantId: oil.large.id, quantity: 2 });
    const order = await placeCod(shopper, 'gu');
    expect(order.products[0]).toMatchObject({
      title: 'Amla hair oil',
      titles: { gu: GUJARATI_TITLE, hi: HINDI_TITLE },
      variant: { label: '200 ml' },
    });

    await orderMailsSent();
    const mails = mailsAbout(order);
    const placed = mails.find((m) => m.to === shopper.email)!;
    expect(placed.text).toContain(`- ${GUJARATI_TITLE} (200 ml) × 2: ₹698`);
    expect(mails.find((m) => m.to !== shopper.email)!.text).toContain('- Amla hair oil (200 ml) x 2: ₹698');

    const pdf = placed.attachments![0]!.content as Buffer;
    expect(embeddedFonts(pdf)).toEqual(['NotoSans-Bold', 'NotoSans-Regular', 'NotoSansGujarati-Regular']);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    // The English name stays under it, for the owner's books.
    expect(text.replace(/\s+/g, ' ')).toContain('Amla hair oil (200 ml)');
    expect(text).toContain('(200 ml)');

    // An order is a record: the owner renaming the product later changes nothing on it.
    await MainCategory.updateOne({ _id: oil.id }, { $set: { 'translations.gu.title': 'નવું નામ' } });
    const mine = await ctx.http.get('/api/orders/').set(bearer(shopper.token)).expect(200);
    const line = (mine.body as OrderDto[]).find((o) => o._id === order._id)!.products[0]!;
    expect(line.titles).toEqual({ gu: GUJARATI_TITLE, hi: HINDI_TITLE });
  });

  it('a Hindi online order names its line in Hindi on the mail and sets it in Devanagari on the invoice', async () => {
    const oil = await amlaOil();
    const shopper = await signUpCustomer(ctx);
    await add(shopper, { productId: oil.id, variantId: oil.large.id });
    const created = await ctx.http
      .post('/api/payment/create-order')
      .set(bearer(shopper.token))
      .set('Accept-Language', 'hi')
      .send({ address: RAJKOT })
      .expect(200);
    const verified = await ctx.http
      .post('/api/payment/verify-payment')
      .set(bearer(shopper.token))
      .send(simulatorPayment(shopper, created.body.id))
      .expect(200);
    const order = verified.body.order as OrderDto;
    expect(order.products[0]!.titles).toEqual({ gu: GUJARATI_TITLE, hi: HINDI_TITLE });
    await orderMailsSent();
    const placed = mailsAbout(order).find((m) => m.to === shopper.email)!;
    expect(placed.text).toContain(`- ${HINDI_TITLE} (200 ml) × 1: ₹349`);
    expect(embeddedFonts(placed.attachments![0]!.content as Buffer)).toContain('NotoSansDevanagari-Regular');
  });

  it('an English order, and one from before lines kept their titles, name the line in English', async () => {
    const oil = await amlaOil();
    const shopper = await signUpCustomer(ctx);
    await add(shopper, { productId: oil.id, variantId: oil.large.id });
    const english = await placeCod(shopper, 'en');
    await orderMailsSent();
    const placed = mailsAbout(english).find((m) => m.to === shopper.email)!;
    expect(placed.text).toContain('- Amla hair oil (200 ml) × 1: ₹349');
    expect(embeddedFonts(placed.attachments![0]!.content as Buffer)).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);

    // As today's code wrote it: no titles on the line, a Gujarati shopper.
    await Order.updateOne({ _id: english._id }, { $unset: { 'products.0.titles': '' }, $set: { language: 'gu' } });
    const mine = await ctx.http.get('/api/orders/').set(bearer(shopper.token)).expect(200);
    expect((mine.body as OrderDto[]).find((o) => o._id === english._id)!.products[0]!.titles).toEqual({});
  });
});
