import {
  DEFAULT_DESCRIPTION,
  DEFAULT_GST_RATE_PERCENT,
  DEFAULT_HSN_CODE,
  DEFAULT_SUBTITLE,
  paiseToRupees,
  type Product,
} from '@kesh/shared';
import { imageSrcSet } from '../../lib/image-variants.js';
import { imageUrl } from '../../lib/storage.js';
import { productTextDto, type ProductTextRecord } from './product-text.js';

/** The stored shape of a main category, as `.lean()` or a document gives it. */
export interface CategoryRecord extends ProductTextRecord {
  _id: unknown;
  title: string;
  subtitle?: string | null;
  mainPricePaise?: number | null;
  offerPricePaise?: number | null;
  ratingCount?: number | null;
  description?: string | null;
  imageKey?: string | null;
  imageVariants?: number[] | null;
  hsnCode?: string | null;
  gstRatePercent?: number | null;
  stock?: number | null;
  createdAt?: Date | string | null;
  updatedAt?: Date | string | null;
}

const rupeesOrNull = (paise: number | null | undefined) => (typeof paise === 'number' ? paiseToRupees(paise) : null);
const isoOf = (date: Date | string | null | undefined) => (date ? new Date(date).toISOString() : '');

/** The API shape of a product: rupees instead of paise, an image URL instead of a storage key. */
export function productDto(doc: CategoryRecord): Product {
  return {
    _id: String(doc._id),
    title: doc.title,
    subtitle: doc.subtitle || DEFAULT_SUBTITLE,
    mainPrice: rupeesOrNull(doc.mainPricePaise),
    offerPrice: rupeesOrNull(doc.offerPricePaise),
    ratingCount: doc.ratingCount ?? 0,
    description: doc.description || DEFAULT_DESCRIPTION,
    ...productTextDto(doc),
    image: imageUrl(doc.imageKey),
    imageSrcSet: imageSrcSet(doc.imageKey, doc.imageVariants),
    hsnCode: doc.hsnCode || DEFAULT_HSN_CODE,
    gstRate: doc.gstRatePercent ?? DEFAULT_GST_RATE_PERCENT,
    stock: doc.stock ?? null,
    createdAt: isoOf(doc.createdAt),
    updatedAt: isoOf(doc.updatedAt),
  };
}
