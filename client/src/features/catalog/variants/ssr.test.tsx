// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP, type Product } from '@kesh/shared';
import { render } from '../../../entry-server';
import { ID, LARGE, SMALL, amla, sizeVariant } from '../../../test/products';

/** The product page as the server sends it: what a browser without JavaScript shows and follows. */

const product: Product = {
  ...amla,
  stock: 12,
  variants: [
    sizeVariant(SMALL, '100 ml', { mainPrice: 250, offerPrice: 199, stock: 10 }),
    sizeVariant(LARGE, '200 ml', { mainPrice: 400, offerPrice: 300, stock: 2 }),
  ],
};

const page = (url: string, language: 'en' | 'gu' = 'en') =>
  render({ url, language, data: { shop: DEFAULT_SHOP, product } });
const text = (html: string) => html.replace(/<[^<>]*>/g, ' ').replace(/\s+/g, ' ');
const amp = (href: string) => href.replace(/&/g, '&amp;');

describe('server render of a product sold in sizes', () => {
  it('shows the size of ?variant= with its prices and stock, and the other sizes as links to the same page', async () => {
    const { html, status } = await page(`/products?id=${ID}&variant=${LARGE}`);
    expect(status).toBe(200);
    expect(text(html)).toContain('Size: 200 ml');
    expect(text(html)).toContain('Price : ₹300 Original price : ₹400 25% OFF');
    expect(text(html)).toContain('Only 2 left');
    expect(html).toContain(`href="${amp(`/products?id=${ID}&variant=${SMALL}`)}"`);
    const chosen = html
      .split('<a ')
      .find((tag) => tag.includes(`href="${amp(`/products?id=${ID}&variant=${LARGE}`)}"`));
    expect(chosen).toContain('aria-current="true"');
  });

  it('shows the default size without ?variant=, and one offer per size for search engines', async () => {
    const { html } = await page(`/products?id=${ID}`);
    expect(text(html)).toContain('Size: 100 ml');
    expect(text(html)).toContain('Price : ₹199 Original price : ₹250');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}';
    const offers = (JSON.parse(ld) as { offers: { sku: string; price: string; availability: string }[] }).offers;
    expect(offers.map((o) => [o.sku, o.price, o.availability])).toEqual([
      ['AMLA-100ml', '199.00', 'https://schema.org/InStock'],
      ['AMLA-200ml', '300.00', 'https://schema.org/LimitedAvailability'],
    ]);
  });

  it('speaks the shopper’s language', async () => {
    const { html } = await page(`/products?id=${ID}&variant=${'9'.repeat(24)}`, 'gu');
    expect(text(html)).toContain('તમારી લિંકમાંની સાઇઝ કે પૅક હવે વેચાતી નથી. 100 ml બતાવી રહ્યા છીએ.');
  });
});
