import type { Types } from 'mongoose';
import {
  CURRENCY,
  DEFAULT_COD_CAP_PAISE,
  MAX_OPEN_COD_ORDERS,
  RECEIPT_MAX_LENGTH,
  cancellationQuote,
  financialYear,
  priceOrder,
  type OrderStatus,
} from '@kesh/shared';
import type { CatalogueEntry, CouponDoc } from './catalogue.js';
import { COD_PIN_PREFIXES, contactMessageOf, personOf, type Person } from './people.js';
import { Random, objectIdAt } from './random.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface HistoryOptions {
  orders: number;
  users: number;
  /** Accounts that placed at least one order (default orders / 5, at most users). */
  customers: number;
  /** Length of the history, ending at `end`. */
  days: number;
  end: Date;
  seed: number;
  /** Contact-form messages over the history. */
  messages: number;
  /** Share of the oldest orders written before timelines, COD, coupons, GST details and invoice numbers existed. */
  legacyShare: number;
  /** The shop's cash-on-delivery fee (delivery settings), in every COD order's total. */
  codFeePaise: number;
  invoicePrefix: string;
  /** The one bcrypt hash every generated account has (hashing 20,000 passwords is not what we measure). */
  passwordHash: string;
}

/** Streams of RNG, so that each kind of record is drawn independently of the others. */
const STREAM = { time: 1, user: 2, order: 3, cart: 4, message: 5, stranger: 6, day: 7 } as const;
/** Sales double over the history: the density of orders grows linearly from 1 to 1 + GROWTH. */
const GROWTH = 1;
/** How busy each hour of an Indian day is, relative to the others (few orders at night). */
const HOUR_WEIGHTS = [
  0.2, 0.1, 0.05, 0.05, 0.05, 0.1, 0.3, 0.6, 0.9, 1.1, 1.3, 1.4, 1.3, 1.2, 1.2, 1.2, 1.2, 1.3, 1.4, 1.6, 1.8, 1.7, 1.2,
  0.6,
];
const IST_OFFSET_HOURS = 5.5;
/** Cash on delivery arrived this far into the history. */
const COD_FROM = 0.25;

const COURIERS = [
  { name: 'Delhivery', url: 'https://www.delhivery.com/track/package/' },
  { name: 'Blue Dart', url: 'https://www.bluedart.com/tracking?trackno=' },
  { name: 'DTDC', url: 'https://www.dtdc.in/tracking.asp?cnno=' },
  { name: 'India Post', url: 'https://www.indiapost.gov.in/track?id=' },
  { name: 'Shree Maruti Courier', url: 'https://www.shreemaruticourier.com/track/' },
];

type Event = { status: OrderStatus; at: Date };

/** What create-order writes when the shopper opens the payment window: a Razorpay order, not yet paid. */
function checkoutOf(
  rng: Random,
  _id: Types.ObjectId,
  createdAt: Date,
  razorpayOrderId: string,
  what: {
    userId: Types.ObjectId;
    person: Person;
    lines: { product: CatalogueEntry; quantity: number; unitPricePaise: number }[];
    amountPaise: number;
  },
) {
  const { person } = what;
  return {
    _id,
    razorpayOrderId,
    userId: what.userId,
    lines: what.lines.map((l) => ({
      productId: l.product._id,
      title: l.product.title,
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise,
    })),
    amountPaise: what.amountPaise,
    currency: CURRENCY,
    receipt: `rcpt_${createdAt.getTime().toString(36)}_${rng.hex(12)}`.slice(0, RECEIPT_MAX_LENGTH),
    userDetails: { username: person.username, email: person.email, contact: person.contact, address: person.address },
    status: 'created',
    paymentId: null as string | null,
    language: person.language,
    createdAt,
    updatedAt: createdAt,
  };
}

/** Everything one placed order leaves in the database. */
export interface OrderRecords {
  order: Record<string, unknown> & { _id: Types.ObjectId; status: OrderStatus; createdAt: Date };
  checkout?: Record<string, unknown>;
  abandonedCheckout?: Record<string, unknown>;
  redemption?: Record<string, unknown>;
  codSlot?: Record<string, unknown>;
}

/**
 * A shop's history, drawn deterministically from `seed`: accounts, orders in time order (with the
 * checkouts, coupon uses and COD slots placing them left behind), carts and contact messages.
 * Orders are produced one at a time, so a history of any length takes the memory of its customers'
 * counters only.
 */
export class ShopHistory {
  readonly start: Date;
  private readonly coupons: CouponDoc[];
  private readonly couponUses = new Map<string, number>();
  private readonly openCod = new Map<number, number>();
  private readonly invoiceSeries = new Map<string, number>();
  /** Running total of the weight of every hour of the history: busier days and hours get more orders. */
  private readonly hourCumulative: Float64Array;

  constructor(
    private readonly opts: HistoryOptions,
    private readonly catalogue: CatalogueEntry[],
    coupons: CouponDoc[],
  ) {
    this.start = new Date(opts.end.getTime() - opts.days * DAY);
    this.coupons = coupons.map((c) => ({ ...c, usedCount: 0 }));
    const hours = Math.ceil(opts.days * 24);
    this.hourCumulative = new Float64Array(hours);
    let total = 0;
    for (let h = 0; h < hours; h += 1) {
      const at = this.start.getTime() + h * HOUR;
      const day = Math.floor((at - this.start.getTime()) / DAY);
      const istHour = Math.floor((at / HOUR + IST_OFFSET_HOURS) % 24);
      const weekday = new Date(at + IST_OFFSET_HOURS * HOUR).getUTCDay();
      // Some days sell half as much as others; Sundays a little more.
      const dayFactor = (0.6 + 0.8 * new Random(opts.seed, STREAM.day, day).next()) * (weekday === 0 ? 1.2 : 1);
      total += (1 + (GROWTH * h) / hours) * dayFactor * HOUR_WEIGHTS[istHour]!;
      this.hourCumulative[h] = total;
    }
  }

  /** A fraction of the history as a date. */
  at = (fraction: number): Date =>
    new Date(this.start.getTime() + fraction * (this.opts.end.getTime() - this.start.getTime()));

  /** The i-th of n events spread over the history with the growth of sales (later days have more). */
  private grownAt(i: number, n: number, stream: number): Date {
    const cumulative = this.hourCumulative;
    const target = ((i + new Random(this.opts.seed, stream, i).next()) / n) * cumulative[cumulative.length - 1]!;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    const before = lo > 0 ? cumulative[lo - 1]! : 0;
    const within = (target - before) / (cumulative[lo]! - before);
    return new Date(Math.min(this.start.getTime() + (lo + within) * HOUR, this.opts.end.getTime() - 1));
  }

  orderTime(i: number): Date {
    return this.grownAt(i, this.opts.orders, STREAM.time);
  }

  person(u: number): Person {
    return personOf(new Random(this.opts.seed, STREAM.user, u), u);
  }

  /** The order at which customer u placed their first (customers arrive at an even rate among orders). */
  private firstOrderOf(u: number): number {
    return Math.ceil(((u + 1) * this.opts.orders) / this.opts.customers) - 1;
  }

  private userCreatedAt(u: number): Date {
    const rng = new Random(this.opts.seed, STREAM.user, u, 1);
    if (u < this.opts.customers) {
      return new Date(this.orderTime(this.firstOrderOf(u)).getTime() - rng.int(10, 30 * 24 * 60) * MINUTE);
    }
    return this.at(rng.next());
  }

  userId(u: number): Types.ObjectId {
    return objectIdAt(this.userCreatedAt(u), 'user', u);
  }

  *users() {
    for (let u = 0; u < this.opts.users; u += 1) {
      const p = this.person(u);
      const createdAt = this.userCreatedAt(u);
      yield {
        _id: objectIdAt(createdAt, 'user', u),
        username: p.username,
        email: p.email,
        contact: p.contact,
        passwordHash: this.opts.passwordHash,
        address: p.address,
        sessionVersion: 0,
        createdAt,
        updatedAt: createdAt,
      };
    }
  }

  /** Which customer places order i: a new one at the customers' arrival rate, else one who came before. */
  private customerOf(i: number, rng: Random): number {
    const { orders, customers } = this.opts;
    const seen = Math.floor((i * customers) / orders);
    const arrives = Math.floor(((i + 1) * customers) / orders) > seen;
    return arrives || seen === 0 ? seen : rng.int(0, seen - 1);
  }

  private linesOf(rng: Random) {
    const count = rng.weighted([
      [1, 55],
      [2, 28],
      [3, 12],
      [4, 5],
    ] as const);
    const picked = new Set<number>();
    while (picked.size < Math.min(count, this.catalogue.length)) {
      // A few products sell most.
      picked.add(Math.floor(this.catalogue.length * Math.pow(rng.next(), 1.7)));
    }
    return [...picked].map((index) => {
      const product = this.catalogue[index]!;
      return {
        product,
        quantity: rng.weighted([
          [1, 75],
          [2, 18],
          [3, 5],
          [rng.int(4, 6), 2],
        ] as const),
        unitPricePaise: product.offerPricePaise ?? product.mainPricePaise ?? 0,
      };
    });
  }

  private couponFor(rng: Random, u: number, placedAt: Date, subtotalPaise: number): CouponDoc | undefined {
    if (!rng.chance(0.15)) return undefined;
    const usable = this.coupons.filter(
      (c) =>
        c.active &&
        c.startsAt <= placedAt &&
        (c.endsAt === null || placedAt <= c.endsAt) &&
        subtotalPaise >= c.minOrderPaise &&
        (this.couponUses.get(`${c.code}:${u}`) ?? 0) < c.usesPerCustomer &&
        (c.totalUses === null || c.usedCount < c.totalUses),
    );
    return usable.length > 0 ? rng.pick(usable) : undefined;
  }

  /** Placed, then dispatched and delivered, or cancelled while still Processing: what happened by `end`. */
  private eventsOf(rng: Random, placedAt: Date): { events: Event[]; cancelledBy?: 'customer' | 'admin' } {
    const t = placedAt.getTime();
    const end = this.opts.end.getTime();
    const dispatchAt = rng.chance(0.001) ? Infinity : t + rng.int(4 * 60, 40 * 60) * MINUTE;
    const deliverAt = rng.chance(0.003) ? Infinity : dispatchAt + rng.int(36 * 60, 6 * 24 * 60) * MINUTE;
    const cancelAt = rng.chance(0.07) ? t + rng.int(10, 30 * 60) * MINUTE : Infinity;
    const events: Event[] = [{ status: 'Processing', at: placedAt }];
    if (cancelAt < dispatchAt) {
      if (cancelAt > end) return { events };
      events.push({ status: 'Cancelled', at: new Date(cancelAt) });
      return { events, cancelledBy: rng.chance(0.3) ? 'admin' : 'customer' };
    }
    if (dispatchAt <= end) events.push({ status: 'Dispatched', at: new Date(dispatchAt) });
    if (deliverAt <= end) events.push({ status: 'Delivered', at: new Date(deliverAt) });
    return { events };
  }

  private nextInvoiceNumber(placedAt: Date): string {
    const series = `${this.opts.invoicePrefix}/${financialYear(placedAt)}`;
    const seq = (this.invoiceSeries.get(series) ?? 0) + 1;
    this.invoiceSeries.set(series, seq);
    return `${series}/${String(seq).padStart(6, '0')}`;
  }

  /** Order i with what placing it left behind; call in order (coupon uses, COD slots and invoices count up). */
  orderRecords(i: number): OrderRecords {
    const rng = new Random(this.opts.seed, STREAM.order, i);
    const placedAt = this.orderTime(i);
    const u = this.customerOf(i, rng);
    const person = this.person(u);
    const userId = this.userId(u);
    const legacy = i < this.opts.orders * this.opts.legacyShare;
    const lines = this.linesOf(rng);
    const coupon = legacy ? undefined : this.couponFor(rng, u, placedAt, priceOrder(lines, null).subtotalPaise);
    const pricing = priceOrder(lines, coupon ?? null);
    const { events, cancelledBy } = this.eventsOf(rng, placedAt);
    const status = events[events.length - 1]!.status;
    const open = status === 'Processing' || status === 'Dispatched';

    const cod =
      !legacy &&
      placedAt >= this.at(COD_FROM) &&
      COD_PIN_PREFIXES.some((p) => person.pin.startsWith(p)) &&
      pricing.totalPaise + this.opts.codFeePaise <= DEFAULT_COD_CAP_PAISE &&
      rng.chance(0.4) &&
      !(open && (this.openCod.get(u) ?? 0) >= MAX_OPEN_COD_ORDERS);
    const totalPaise = pricing.totalPaise + (cod ? this.opts.codFeePaise : 0);
    const orderId = objectIdAt(placedAt, 'order', i);
    const cancelled = events.find((e) => e.status === 'Cancelled');
    const delivered = events.find((e) => e.status === 'Delivered');
    let updatedAt = events[events.length - 1]!.at;
    const records: Partial<OrderRecords> = {};

    const order: Record<string, unknown> = {
      _id: orderId,
      userId,
      products: lines.map((l) => ({
        productId: l.product._id,
        title: l.product.title,
        quantity: l.quantity,
        pricePaise: l.unitPricePaise,
        ...(legacy ? {} : { hsnCode: l.product.hsnCode ?? '3305', gstRatePercent: l.product.gstRatePercent ?? 18 }),
      })),
      totalPaise,
      userDetails: { username: person.username, email: person.email, address: person.address, contact: person.contact },
      status,
    };
    if (!legacy) {
      Object.assign(order, {
        paymentMethod: cod ? 'cod' : 'online',
        stockTaken: !cancelled,
        timeline: events,
        invoiceNumber: this.nextInvoiceNumber(placedAt),
        language: person.language,
      });
    }
    if (cod) order.codFeePaise = this.opts.codFeePaise;
    if (coupon) Object.assign(order, { coupon: coupon.code, discountPaise: pricing.discountPaise });
    if (events.some((e) => e.status === 'Dispatched') && rng.chance(0.9)) {
      const courier = rng.pick(COURIERS);
      const trackingNumber = `${rng.int(1, 9)}${String(rng.int(0, 99_999_999_999)).padStart(11, '0')}`;
      order.shipment = { courier: courier.name, trackingNumber, trackingUrl: `${courier.url}${trackingNumber}` };
    }
    if (cod && delivered && rng.chance(0.98)) {
      const paidAt = new Date(delivered.at.getTime() + rng.int(1, 4) * DAY);
      if (paidAt <= this.opts.end) {
        order.paidAt = paidAt;
        updatedAt = paidAt;
      }
    }
    if (cancelled) {
      order.cancelledAt = cancelled.at;
      if (!legacy) order.cancelledBy = cancelledBy;
      if (!cod) {
        const refundPaise =
          cancelledBy === 'admin' ? totalPaise : cancellationQuote(totalPaise, placedAt, cancelled.at).refundPaise;
        const recent = this.opts.end.getTime() - cancelled.at.getTime() < 5 * DAY;
        const status = rng.chance(0.02) ? 'failed' : recent && rng.chance(0.3) ? 'pending' : 'processed';
        const refundAt = new Date(cancelled.at.getTime() + rng.int(1, 20) * 1000);
        order.refund = {
          id: status === 'failed' ? null : `rfnd_${rng.token(14)}`,
          amountPaise: refundPaise,
          status,
          updatedAt: refundAt,
        };
        updatedAt = refundAt;
      }
    }

    if (!cod) {
      order.razorpayOrderId = `order_${rng.token(14)}`;
      order.razorpayPaymentId = `pay_${rng.token(14)}`;
    }
    if (coupon && !cancelled) {
      // A cancelled order gave its coupon use back (its redemption was deleted).
      const key = `${coupon.code}:${u}`;
      const slot = this.couponUses.get(key) ?? 0;
      this.couponUses.set(key, slot + 1);
      coupon.usedCount += 1;
      records.redemption = {
        _id: objectIdAt(placedAt, 'redemption', i),
        couponId: coupon._id,
        userId,
        slot,
        status: 'redeemed',
        expiresAt: null,
        orderId,
        createdAt: new Date(placedAt.getTime() - 2 * MINUTE),
        updatedAt: placedAt,
      };
    }
    if (!cod && !legacy) {
      const createdAt = new Date(placedAt.getTime() - rng.int(1, 5) * MINUTE);
      records.checkout = {
        ...checkoutOf(rng, objectIdAt(createdAt, 'checkout', i), createdAt, order.razorpayOrderId as string, {
          userId,
          person,
          lines,
          amountPaise: totalPaise,
        }),
        status: 'paid',
        paymentId: order.razorpayPaymentId,
        ...(coupon
          ? {
              coupon: coupon.code,
              discountPaise: pricing.discountPaise,
              couponRedemptionId: objectIdAt(placedAt, 'redemption', i),
            }
          : {}),
        stockState: 'taken',
        stockClaimedAt: placedAt,
        updatedAt: placedAt,
      };
    }
    if (!legacy && rng.chance(0.1)) {
      // Someone who opened the payment window and closed it: a Razorpay order never paid.
      const createdAt = new Date(placedAt.getTime() - rng.int(60, 3 * 24 * 60) * MINUTE);
      records.abandonedCheckout = checkoutOf(
        rng,
        objectIdAt(createdAt, 'abandonedCheckout', i),
        createdAt,
        `order_${rng.token(14)}`,
        { userId, person, lines, amountPaise: pricing.subtotalPaise },
      );
    }
    if (cod && open) {
      const slot = this.openCod.get(u) ?? 0;
      this.openCod.set(u, slot + 1);
      records.codSlot = {
        _id: objectIdAt(placedAt, 'codSlot', i),
        userId,
        slot,
        orderId,
        createdAt: placedAt,
        updatedAt: placedAt,
      };
    }
    order.createdAt = placedAt;
    order.updatedAt = updatedAt;
    return { ...records, order: order as OrderRecords['order'] };
  }

  /** The coupons with the uses the orders so far made of them. */
  couponDocuments(): CouponDoc[] {
    return this.coupons;
  }

  /** The invoice series' counters: the last number each financial year handed out. */
  invoiceCounters() {
    return [...this.invoiceSeries].map(([series, seq]) => ({ _id: series, seq }));
  }

  /** Every tenth account has something in its cart. */
  *carts() {
    for (let u = 3; u < this.opts.users; u += 10) {
      const rng = new Random(this.opts.seed, STREAM.cart, u);
      const at = new Date(
        Math.max(this.userCreatedAt(u).getTime(), this.opts.end.getTime() - rng.int(1, 60 * 24 * 60) * MINUTE),
      );
      const items = this.linesOf(rng).map((l) => ({ productId: l.product._id, quantity: l.quantity }));
      yield { _id: objectIdAt(at, 'cart', u), userId: this.userId(u), items, createdAt: at, updatedAt: at };
    }
  }

  /** Contact-form messages, from customers and from people without an account. */
  *messages() {
    for (let j = 0; j < this.opts.messages; j += 1) {
      const rng = new Random(this.opts.seed, STREAM.message, j);
      const at = this.grownAt(j, this.opts.messages, STREAM.message);
      const person = rng.chance(0.6)
        ? this.person(rng.int(0, this.opts.users - 1))
        : personOf(new Random(this.opts.seed, STREAM.stranger, j), this.opts.users + j);
      yield { _id: objectIdAt(at, 'message', j), ...contactMessageOf(rng, person), createdAt: at, updatedAt: at };
    }
  }
}
