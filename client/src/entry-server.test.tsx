// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHOP,
  formatRupees,
  type GalleryItem,
  PRODUCTS_PER_PAGE,
  type InitialData,
  type Product,
  type Slider,
} from '@kesh/shared';
import { TESTIMONIALS } from './features/home/Testimonials';
import { render } from './entry-server';

/**
 * The server's renderer, run as the server runs it (no browser, no DOM): each public page's HTML
 * already holds what a shopper reads, before any script of the page has run.
 */

const product: Product = {
  _id: 'p1',
  title: 'Bhringraj Hair Oil',
  subtitle: 'Strengthening oil · 100 ml',
  mainPrice: 499,
  offerPrice: 399,
  ratingCount: 4.8,
  description: 'Slow-cooked with bhringraj </script> and amla.',
  image: '/uploads/oil-1.jpg',
  imageSrcSet: '/uploads/oil-1-w400.webp 400w, /uploads/oil-1-w800.webp 800w',
} as Product;
const slider: Slider = {
  _id: 's1',
  id: 's1',
  title: 'Monsoon Hair Care',
  description: 'Fresh herbs',
  image: '/uploads/hero.jpg',
  imageSrcSet: '/uploads/hero-w800.webp 800w',
};
const picture: GalleryItem = {
  _id: 'g1',
  id: 'g1',
  image: '/uploads/g1.jpg',
  imageSrcSet: '/uploads/g1-w400.webp 400w',
};
const pageOf = (items: Product[], page = 1, total = items.length) => ({ items, page, limit: PRODUCTS_PER_PAGE, total });
const data: InitialData = {
  shop: DEFAULT_SHOP,
  sliders: [slider],
  featuredProducts: [product],
  productPage: { q: '', sort: '', page: pageOf([product]) },
  product,
  gallery: [picture],
};

const page = (url: string, language: 'en' | 'hi' | 'mr' | 'gu' = 'en') => render({ url, language, data });
const text = (html: string) => html.replace(/<[^<>]*>/g, ' ').replace(/\s+/g, ' ');

describe('server render of the public pages', () => {
  it('home: the hero slide, featured product with its price and picture, story and testimonials', async () => {
    const { html, title, status } = await page('/');
    expect(status).toBe(200);
    expect(title).toBe('Natural Ayurvedic Hair Care | Kesh Ayurveda');
    expect(html).toContain(
      '<h2 class="mt-5 font-serif text-4xl leading-tight font-bold sm:text-6xl">Monsoon Hair Care</h2>',
    );
    const hero = /<img[^>]*src="\/uploads\/hero.jpg"[^>]*>/.exec(html)?.[0];
    expect(hero).toContain('srcSet="/uploads/hero-w800.webp 800w"');
    expect(hero).toContain('fetchPriority="high"');
    expect(text(html)).toContain('Bhringraj Hair Oil');
    expect(text(html)).toContain(formatRupees(399));
    expect(text(html)).toContain('About Us');
    expect(text(html)).toContain(TESTIMONIALS[0].name);
    expect(text(html)).toContain('What Our Customers Say');
  });

  it('products: every card with name, prices, rating and a responsive picture', async () => {
    const { html, title } = await page('/products');
    expect(title).toBe('Products | Kesh Ayurveda');
    expect(html).toMatch(/<h1[^>]*>Products<\/h1>/);
    expect(text(html)).toContain(`Price : ${formatRupees(399)} Original price : ${formatRupees(499)}`);
    expect(html).toMatch(
      /<img[^>]*srcSet="\/uploads\/oil-1-w400.webp 400w, \/uploads\/oil-1-w800.webp 800w"[^>]*sizes="[^"]+"/,
    );
    expect(html).toContain('href="/products?id=p1"');
    expect(text(html)).toContain('Adding to the cart needs JavaScript.');
  });

  it('products search: the answer, the filled-in fields and a friendly text when nothing matches', async () => {
    const hindiOil = { ...product, _id: 'p2', title: 'भृंगराज बालों का तेल' };
    const found = await render({
      url: '/products?q=%E0%A4%AC%E0%A4%BE%E0%A4%B2&sort=discount',
      language: 'hi',
      data: { ...data, productPage: { q: 'बाल', sort: 'discount', page: pageOf([hindiOil]) } },
    });
    expect(text(found.html)).toContain('भृंगराज बालों का तेल');
    expect(text(found.html)).not.toContain('Bhringraj Hair Oil');
    expect(text(found.html)).toContain('“बाल” के लिए 1 उत्पाद मिला');
    const form = /<form[^>]*role="search"[^>]*>/.exec(found.html)?.[0];
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/products"');
    expect(found.html).toMatch(/<input[^>]*name="q"[^>]*value="बाल"/);
    expect(found.html).toMatch(/<option value="discount" selected="">सबसे ज़्यादा छूट<\/option>/);

    const none = await render({
      url: '/products?q=shampoo',
      language: 'gu',
      data: { ...data, productPage: { q: 'shampoo', sort: '', page: pageOf([]) } },
    });
    expect(text(none.html)).toContain('“shampoo” સાથે મેળ ખાતું કોઈ ઉત્પાદન નથી.');
    expect(none.html).toContain('href="/products"');
  });

  /** A catalogue of `total` products, as the API pages it: page `n` holds products n·24−23 … n·24. */
  const catalogue = (n: number, total: number): InitialData => {
    const items = Array.from(
      { length: Math.max(0, Math.min(PRODUCTS_PER_PAGE, total - (n - 1) * PRODUCTS_PER_PAGE)) },
      (_, i) => {
        const number = (n - 1) * PRODUCTS_PER_PAGE + i + 1;
        return {
          ...product,
          _id: `p${number}`,
          title: `Herbal Hair Oil No. ${number}`,
          description: 'Slow-cooked with bhringraj, amla, brahmi and hibiscus in cold-pressed sesame oil. '.repeat(4),
          stock: number % 7 === 0 ? 2 : 40,
        } as Product;
      },
    );
    return { shop: DEFAULT_SHOP, productPage: { q: '', sort: '', page: pageOf(items, n, total) } };
  };
  const hrefs = (html: string) => [...html.matchAll(/<a[^>]*href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

  it('products page 1 and 2: their own 24 products, links to the pages around them and "Show more"', async () => {
    const first = await render({ url: '/products', language: 'en', data: catalogue(1, 60) });
    expect(first.status).toBe(200);
    expect(text(first.html)).toContain('Herbal Hair Oil No. 1 ');
    expect(text(first.html)).toContain('Herbal Hair Oil No. 24 ');
    expect(text(first.html)).not.toContain('Herbal Hair Oil No. 25 ');
    expect(text(first.html)).toContain('Products 1–24 of 60');
    expect(first.html).toMatch(/<a href="\/products\?page=2"[^>]*>Show more products<\/a>/);
    expect(hrefs(first.html)).toEqual(expect.arrayContaining(['/products?page=2', '/products?page=3']));
    expect(first.html).toMatch(/aria-current="page"[^>]*><span class="sr-only">Page 1<\/span>/);
    expect(first.html).not.toContain('rel="prev"');

    const second = await render({ url: '/products?page=2', language: 'en', data: catalogue(2, 60) });
    expect(text(second.html)).toContain('Herbal Hair Oil No. 25 ');
    expect(text(second.html)).toContain('Herbal Hair Oil No. 48 ');
    expect(text(second.html)).not.toContain('Herbal Hair Oil No. 24 ');
    expect(text(second.html)).toContain('Products 25–48 of 60');
    expect(second.html).toMatch(/<a rel="prev"[^>]*href="\/products"/);
    expect(second.html).toMatch(/<a rel="next"[^>]*href="\/products\?page=3"/);
    expect(second.html).toMatch(/aria-current="page"[^>]*><span class="sr-only">Page 2<\/span>/);

    // The last page has no "Show more" and no next page; a search keeps its words in every link.
    const last = await render({ url: '/products?page=3', language: 'en', data: catalogue(3, 60) });
    expect(text(last.html)).toContain('Products 49–60 of 60');
    expect(last.html).not.toContain('Show more products');
    expect(last.html).not.toContain('rel="next"');
    const searched = catalogue(1, 30);
    searched.productPage = { ...searched.productPage!, q: 'oil', sort: 'price-asc' };
    const found = await render({ url: '/products?q=oil&sort=price-asc', language: 'en', data: searched });
    expect(hrefs(found.html)).toContain('/products?q=oil&sort=price-asc&page=2');
  });

  it('products: a ?page= that is no page number is a 400, one past the last a 404, each saying so', async () => {
    for (const url of ['/products?page=abc', '/products?page=0', '/products?page=10001', '/products?page=1.5']) {
      const bad = await render({ url, language: 'en', data: { shop: DEFAULT_SHOP } });
      expect(bad.status).toBe(400);
      expect(text(bad.html)).toContain('There is no such page of products.');
      expect(bad.html).toMatch(/<a[^>]*href="\/products"[^>]*>Go to the first page<\/a>/);
    }
    const past = await render({ url: '/products?page=9', language: 'hi', data: catalogue(9, 60) });
    expect(past.status).toBe(404);
    expect(text(past.html)).toContain('उत्पादों का ऐसा कोई पन्ना नहीं है।');
  });

  it('products: the page is as large at 1,000 products as at 300 (one page of cards)', async () => {
    const sizeAt = async (total: number) => {
      const data = catalogue(1, total);
      const { html } = await render({ url: '/products', language: 'en', data });
      return Buffer.byteLength(html) + Buffer.byteLength(JSON.stringify(data));
    };
    const [at300, at1000] = [await sizeAt(300), await sizeAt(1000)];
    // Only the figures in "Products 1–24 of …" and the last page's number differ.
    expect(Math.abs(at1000 - at300)).toBeLessThan(20);
    // The header, footer and 24 cards with their data (the cards were 5.9 kB each with five whole
    // star icons; the server adds index.html and its inlined stylesheet, the same on every page).
    expect(at1000).toBeLessThan(120_000);
  });

  it('product detail: the product as its own page, with its structured data kept inside its script', async () => {
    const { html, title } = await render({
      url: '/products?id=p1',
      language: 'en',
      data: { shop: DEFAULT_SHOP, product },
    });
    expect(title).toBe('Bhringraj Hair Oil | Kesh Ayurveda');
    expect(html).toMatch(/<h1[^>]*>Bhringraj Hair Oil<\/h1>/);
    expect(text(html)).toContain(
      'Slow-cooked with bhringraj </script> and amla.'.replace('<', '&lt;').replace('>', '&gt;'),
    );
    const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(ld!.replace(/&quot;/g, '"'))).toMatchObject({
      name: 'Bhringraj Hair Oil',
      offers: { price: '399.00' },
    });
    expect(html).toMatch(/<a[^>]*href="\/products"[^>]*>.*Back to Products<\/a>/);
  });

  it("product text in the shopper's language: each field in it, English where it has none", async () => {
    const amla: Product = {
      ...product,
      benefits: ['Strong roots'],
      imageAlt: 'A bottle of bhringraj oil',
      translations: {
        gu: { title: 'ભૃંગરાજ વાળનું તેલ', benefits: ['મજબૂત મૂળ', 'ઓછું ખરવું'], imageAlt: 'ભૃંગરાજ તેલની બોટલ' },
      },
    };
    const detail = (language: 'en' | 'gu' | 'hi') =>
      render({ url: '/products?id=p1', language, data: { shop: DEFAULT_SHOP, product: amla } });
    const gu = await detail('gu');
    expect(gu.title).toBe('ભૃંગરાજ વાળનું તેલ | Kesh Ayurveda');
    expect(gu.html).toMatch(/<h1[^>]*>ભૃંગરાજ વાળનું તેલ<\/h1>/);
    expect(gu.html).toContain('alt="ભૃંગરાજ તેલની બોટલ"');
    expect(text(gu.html)).toContain('મજબૂત મૂળ');
    expect(text(gu.html)).not.toContain('Strong roots');
    // The subtitle and description have no Gujarati: English, as written.
    expect(text(gu.html)).toContain('Strengthening oil · 100 ml');
    const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(gu.html)?.[1];
    expect(JSON.parse(ld!.replace(/&quot;/g, '"'))).toMatchObject({ name: 'ભૃંગરાજ વાળનું તેલ' });
    // Hindi has no text of its own: the English page's text, including its benefits.
    const hi = await detail('hi');
    expect(hi.html).toMatch(/<h1[^>]*>Bhringraj Hair Oil<\/h1>/);
    expect(text(hi.html)).toContain('Strong roots');
    const cards = await render({
      url: '/products',
      language: 'gu',
      data: { shop: DEFAULT_SHOP, productPage: { q: '', sort: '', page: pageOf([amla]) } },
    });
    expect(text(cards.html)).toContain('ભૃંગરાજ વાળનું તેલ');
  });

  it('a link to a product that is gone: the notice above the first page of products', async () => {
    const gone = catalogue(1, 3);
    const { html, status } = await render({
      url: '/products?id=gone',
      language: 'en',
      data: { ...gone, missingProduct: 'gone' },
    });
    expect(status).toBe(200);
    expect(text(html)).toContain('This product is no longer available.');
    expect(text(html)).toContain('Herbal Hair Oil No. 3 ');
  });

  it('gallery, profile, contact and the policies show their own text', async () => {
    const gallery = await page('/gallery');
    expect(gallery.html).toMatch(/<img[^>]*srcSet="\/uploads\/g1-w400.webp 400w"/);
    expect(text((await page('/profile')).html)).toContain('50,000');
    const contact = await page('/contact');
    expect(contact.html).toMatch(/<h1[^>]*>Contact Us<\/h1>/);
    expect(text(contact.html)).toContain(DEFAULT_SHOP.email);
    for (const [url, heading] of [
      ['/termsandconditions', 'Terms &amp; Conditions'],
      ['/cancellation-refunds', 'Cancellation &amp; Refunds'],
      ['/privacyandpolicy', 'Privacy &amp; Policy'],
    ] as const) {
      const policy = await page(url);
      expect(policy.html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(policy.status).toBe(200);
    }
  });

  it('an unknown address renders the not-found page with status 404', async () => {
    const { html, status } = await page('/no-such-page');
    expect(status).toBe(404);
    expect(html).toMatch(/<h1[^>]*>Page not found<\/h1>/);
  });

  it("renders in the shopper's language, concurrent renders never mixing them", async () => {
    const [hi, mr, gu, en] = await Promise.all([
      page('/products', 'hi'),
      page('/products', 'mr'),
      page('/products', 'gu'),
      page('/products'),
    ]);
    expect(hi.html).toMatch(/<h1[^>]*>उत्पाद<\/h1>/);
    expect(mr.html).toMatch(/<h1[^>]*>उत्पादने<\/h1>/);
    expect(gu.html).toMatch(/<h1[^>]*>ઉત્પાદનો<\/h1>/);
    expect(en.html).toMatch(/<h1[^>]*>Products<\/h1>/);
    expect(hi.title).toBe('उत्पाद | Kesh Ayurveda');
    expect(text(hi.html)).toContain('कार्ट में जोड़ें');
  });

  it('shows the signed-out header: who is signed in is known only in the browser', async () => {
    const { html } = await page('/');
    expect(html).toContain('aria-label="Log in or sign up"');
    expect(text(html)).toContain('Logging in needs JavaScript.');
  });
});
