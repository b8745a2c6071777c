import { Types } from 'mongoose';
import type { Random } from './random.js';
import { objectIdAt } from './random.js';

const HERBS = [
  'Bhringraj', 'Amla', 'Neem', 'Tulsi', 'Hibiscus', 'Methi', 'Shikakai', 'Reetha', 'Brahmi', 'Aloe Vera',
  'Rosemary', 'Onion', 'Kalonji', 'Curry Leaf', 'Coconut', 'Jatamansi', 'Ashwagandha', 'Tea Tree', 'Sesame', 'Castor',
]; // prettier-ignore
const KINDS = [
  { name: 'Hair Oil', rupees: 299 },
  { name: 'Herbal Shampoo', rupees: 249 },
  { name: 'Conditioner', rupees: 279 },
  { name: 'Hair Mask', rupees: 349 },
  { name: 'Hair Serum', rupees: 449 },
  { name: 'Hair Wash Powder', rupees: 199 },
  { name: 'Scalp Tonic', rupees: 399 },
  { name: 'Hair Pack', rupees: 229 },
];
const SIZES = [
  { label: '100 ml', factor: 1 },
  { label: '200 ml', factor: 1.7 },
  { label: '500 ml', factor: 3.6 },
];

/** What an order line needs of a product: its id, title, price and GST details. */
export interface CatalogueEntry {
  _id: Types.ObjectId;
  title: string;
  offerPricePaise?: number | null;
  mainPricePaise?: number | null;
  hsnCode?: string | null;
  gstRatePercent?: number | null;
}

/** Rupees ending in 9, as shop prices are. */
const shopPrice = (rupees: number) => (Math.max(1, Math.round((rupees + 1) / 10)) * 10 - 1) * 100;

/**
 * The products beyond the demo catalogue, made at `createdAt`; `image` gives each one a demo
 * product's picture (imageKey and variants), so every product page shows one.
 */
export function productOf(
  rng: Random,
  index: number,
  createdAt: Date,
  image: { imageKey: string; imageVariants?: number[] | null },
) {
  const herb = HERBS[index % HERBS.length]!;
  const second = HERBS[(index * 7 + 3) % HERBS.length]!;
  const kind = KINDS[Math.floor(index / HERBS.length) % KINDS.length]!;
  const sizeIndex = Math.floor(index / (HERBS.length * KINDS.length));
  const size = SIZES[sizeIndex % SIZES.length]!;
  const pack = Math.floor(sizeIndex / SIZES.length);
  const herbs = herb === second ? herb : `${herb} & ${second}`;
  const title = `${herbs} ${kind.name} ${size.label}${pack > 0 ? ` (pack of ${pack + 1})` : ''}`;
  const mainPricePaise = shopPrice(kind.rupees * size.factor * (pack + 1) * (0.9 + rng.next() * 0.3));
  const offer = rng.chance(0.85) ? shopPrice((mainPricePaise / 100) * (0.78 + rng.next() * 0.17)) : null;
  const gst = rng.weighted([
    [{ hsnCode: '3305', gstRatePercent: 18 }, 70],
    [{ hsnCode: '3004', gstRatePercent: 12 }, 10],
    [{}, 20], // products from before GST details existed: the defaults apply
  ] as const);
  const stock = rng.weighted<number | null>([
    [null, 10],
    [0, 2],
    [rng.int(1, 5), 4],
    [rng.int(20, 400), 84],
  ]);
  return {
    _id: objectIdAt(createdAt, 'product', index),
    title,
    subtitle: `Ayurvedic ${kind.name.toLowerCase()} with ${herbs.toLowerCase()}`,
    mainPricePaise,
    offerPricePaise: offer !== null && offer < mainPricePaise ? offer : null,
    ratingCount: rng.int(0, 900),
    description:
      `Made in Rajkot from ${herbs.toLowerCase()} by the traditional Ayurvedic method. ` +
      `Suitable for all hair types; use two or three times a week for best results.`,
    imageKey: image.imageKey,
    ...(image.imageVariants ? { imageVariants: [...image.imageVariants] } : {}),
    ...gst,
    ...(stock === null ? {} : { stock }),
    createdAt,
    updatedAt: createdAt,
  };
}

/** The shop's coupon campaigns over the history: `at` turns a fraction of the history into a date. */
export function couponsOf(at: (fraction: number) => Date) {
  const day = 86_400_000;
  const campaign = (
    index: number,
    code: string,
    terms: { kind: 'percent'; percentOff: number } | { kind: 'flat'; flatOffPaise: number },
    from: number,
    to: number | null,
    extra: { minOrderPaise?: number; totalUses?: number | null; usesPerCustomer?: number; active?: boolean } = {},
  ) => {
    const startsAt = at(from);
    const createdAt = new Date(startsAt.getTime() - 3 * day);
    return {
      _id: objectIdAt(createdAt, 'coupon', index),
      code,
      kind: terms.kind,
      percentOff: terms.kind === 'percent' ? terms.percentOff : null,
      flatOffPaise: terms.kind === 'flat' ? terms.flatOffPaise : null,
      minOrderPaise: extra.minOrderPaise ?? 0,
      startsAt,
      endsAt: to === null ? null : at(to),
      totalUses: extra.totalUses ?? null,
      usesPerCustomer: extra.usesPerCustomer ?? 1,
      usedCount: 0,
      active: extra.active ?? true,
      createdAt,
      updatedAt: createdAt,
    };
  };
  return [
    campaign(0, 'WELCOME10', { kind: 'percent', percentOff: 10 }, 0.1, null),
    campaign(1, 'MONSOON15', { kind: 'percent', percentOff: 15 }, 0.2, 0.28, { minOrderPaise: 49_900 }),
    campaign(2, 'DIWALI20', { kind: 'percent', percentOff: 20 }, 0.38, 0.42, { usesPerCustomer: 2 }),
    campaign(3, 'FLAT100', { kind: 'flat', flatOffPaise: 10_000 }, 0.3, null, { minOrderPaise: 79_900 }),
    campaign(4, 'NEWYEAR25', { kind: 'percent', percentOff: 25 }, 0.5, 0.52, { totalUses: 400 }),
    campaign(5, 'HOLI12', { kind: 'percent', percentOff: 12 }, 0.6, 0.63),
    campaign(6, 'SALON250', { kind: 'flat', flatOffPaise: 25_000 }, 0.65, null, {
      minOrderPaise: 250_000,
      usesPerCustomer: 5,
    }),
    campaign(7, 'MONSOON2', { kind: 'percent', percentOff: 15 }, 0.7, 0.78, { minOrderPaise: 49_900 }),
    campaign(8, 'DIWALI2', { kind: 'percent', percentOff: 20 }, 0.88, 0.92, { usesPerCustomer: 2 }),
    campaign(9, 'OLDFRIEND', { kind: 'flat', flatOffPaise: 5_000 }, 0.45, null, { active: false }),
    campaign(10, 'FESTIVE30', { kind: 'percent', percentOff: 30 }, 0.97, null, { totalUses: 1000 }),
  ];
}

export type CouponDoc = ReturnType<typeof couponsOf>[number];
