/** Business constants from the specification (section 9). Written once, imported everywhere. */

export const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000; // 28,800,000 ms
export const ADMIN_SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

export const SLIDER_LIMIT = 3;

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024; // 10,485,760 bytes
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif'] as const;
export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'] as const;

export const ORDER_STATUSES = ['Processing', 'Dispatched', 'Delivered', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const DEFAULT_ORDER_STATUS: OrderStatus = 'Processing';

export const DISPLAY_RATING = 4.8;
export const DEFAULT_SUBTITLE = 'Premium Ayurvedic Product';
export const DEFAULT_DESCRIPTION = 'No description available.';

export const CURRENCY = 'INR';
export const CURRENCY_SYMBOL = '₹';
export const PAISE_PER_RUPEE = 100;
export const RECEIPT_MAX_LENGTH = 40;
export const FREE_SHIPPING_ABOVE_RUPEES = 499;

export const PHONE_DIGITS = 10;
export const PASSWORD_MIN_LENGTH = 8;

export const OTP_LENGTH = 6;
export const OTP_LIFETIME_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;

export const FEATURED_PRODUCT_COUNT = 3;

/** "Only N left" shows at this stock or fewer; the admin dashboard lists these products as low. */
export const LOW_STOCK_THRESHOLD = 5;

/** How an order is paid: online through Razorpay, or in cash to the courier. */
export const PAYMENT_METHODS = ['online', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** A shopper may have this many cash-on-delivery orders neither delivered nor cancelled. */
export const MAX_OPEN_COD_ORDERS = 2;
/** Cash on delivery is offered for orders up to this total, until the owner sets another (₹5,000). */
export const DEFAULT_COD_CAP_PAISE = 500_000;

/** Most of one product a cart line (and so an order line) may hold. */
export const MAX_LINE_QUANTITY = 100;

/**
 * Largest picture an upload may declare, checked from its header before any pixel is decoded: a
 * 48 kB PNG can declare 20000 x 20000 pixels, which would take 1.6 GB to decode.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE_PX = 10_000;

/** Client timings (section 4 and 9). */
export const SLIDER_AUTOPLAY_MS = 5000;
export const SLIDER_LOCK_MS = 600;
export const GALLERY_CAROUSEL_MS = 3000;
export const TESTIMONIAL_LOCK_MS = 500;
export const COUNTER_DURATION_MS = 2500;
export const COUNTER_STEPS = 60;
export const COUNTER_VISIBLE_THRESHOLD = 0.3;
export const COUNTER_TARGETS = { customers: 50000, products: 150, reviews: 12000, years: 25 } as const;
export const HOME_TOAST_MS = 5000;
export const TOAST_MS = 3000;
export const CONTACT_STATUS_MS = 3000;
export const SCROLL_ANIMATION_MS = 1000;
export const MOBILE_BREAKPOINT_PX = 768;
export const TABLET_BREAKPOINT_PX = 1024;
export const SIDEBAR_OPEN_WIDTH = 64;
export const SIDEBAR_COLLAPSED_WIDTH = 16;
export const ORDER_ID_DISPLAY_LENGTH = 8;

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'hi', label: 'हिन्दी' },
  { code: 'mr', label: 'मराठी' },
  { code: 'gu', label: 'ગુજરાતી' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

/** Storage keys shared by the client's session helpers. */
export const STORAGE_KEYS = { user: 'user', adminToken: 'adminToken', language: 'language' } as const;

/** Request body limit for JSON bodies (multipart uploads have their own per-file limit). */
export const JSON_BODY_LIMIT_BYTES = 100 * 1024;
