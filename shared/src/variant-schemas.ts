import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { PRICE_TEXTS, parseRupees } from './prices.js';
import { OBJECT_ID_PATTERN, cartAddSchema, cartRemoveSchema, cartUpdateSchema } from './schemas.js';
import {
  MAX_OPTION_VALUES,
  MAX_PRODUCT_OPTIONS,
  MAX_PRODUCT_VARIANTS,
  MAX_VARIANT_WEIGHT_GRAMS,
  OPTION_TEXT_MAX_LENGTH,
  SKU_PATTERN,
  VARIANT_TEXTS,
} from './variants.js';

/**
 * Request bodies about variants, shared by the admin's editor, the product page and the server.
 * Numbers the owner types travel as the strings typed ("199.50", "" = not set), as in the product
 * form, so the same rules read them everywhere; the server gets integer paise out.
 */

const variantId = z
  .string({ error: VARIANT_TEXTS.invalidVariantId })
  .max(24, { error: VARIANT_TEXTS.invalidVariantId, abort: true })
  .regex(OBJECT_ID_PATTERN, { error: VARIANT_TEXTS.invalidVariantId });

const optionText = (message: string) =>
  z
    .string({ error: message })
    .max(OPTION_TEXT_MAX_LENGTH * 4, { error: message, abort: true })
    .trim()
    .min(1, { error: message })
    .max(OPTION_TEXT_MAX_LENGTH, { error: message });

/** Rupees as typed → paise; "" or absent → null. */
const typedPrice = z
  .string({ error: PRICE_TEXTS.invalid })
  .max(20, { error: PRICE_TEXTS.invalid, abort: true })
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    const paise = parseRupees(v);
    if (paise === null) {
      ctx.addIssue({ code: 'custom', message: PRICE_TEXTS.invalid });
      return z.NEVER;
    }
    return paise;
  });

/** Digits as typed → a whole number up to `max`; "" or absent → null. */
const typedCount = (message: string, max: number) =>
  z
    .string({ error: message })
    .max(12, { error: message, abort: true })
    .trim()
    .regex(/^\d*$/, { error: message })
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const n = Number(v);
      if (n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

export const productOptionSchema = z.object({
  name: optionText(VARIANT_TEXTS.optionName),
  values: z
    .array(optionText(VARIANT_TEXTS.optionValues), { error: VARIANT_TEXTS.optionValues })
    .min(1, { error: VARIANT_TEXTS.optionValues })
    .max(MAX_OPTION_VALUES, { error: VARIANT_TEXTS.optionValues }),
});

export const productVariantInputSchema = z.object({
  /** An existing variant's id (kept, with its orders and carts); absent for a new one. */
  id: variantId.optional(),
  sku: z
    .string({ error: VARIANT_TEXTS.sku })
    .max(100, { error: VARIANT_TEXTS.sku, abort: true })
    .trim()
    .regex(SKU_PATTERN, { error: VARIANT_TEXTS.sku }),
  optionValues: z
    .array(
      z
        .string({ error: VARIANT_TEXTS.optionValuesMismatch })
        .max(OPTION_TEXT_MAX_LENGTH * 4)
        .trim(),
      {
        error: VARIANT_TEXTS.optionValuesMismatch,
      },
    )
    .max(MAX_PRODUCT_OPTIONS, { error: VARIANT_TEXTS.optionValuesMismatch }),
  mainPrice: typedPrice,
  offerPrice: typedPrice,
  stock: typedCount(MESSAGES.invalidStock, 999_999_999),
  weightGrams: typedCount(VARIANT_TEXTS.weight, MAX_VARIANT_WEIGHT_GRAMS),
});

const uniqueBy = <T>(items: readonly T[], key: (item: T) => string) => new Set(items.map(key)).size === items.length;

/**
 * `PUT /api/main-category/:id/variants` (admin): the product's whole set of options and variants,
 * in the order the shop shows them. A variant sent with its id is kept (updated, moved); one sent
 * without is added; an existing one not sent is removed (orders that bought it read unchanged). Both
 * lists empty: the product has no variants again.
 */
export const productVariantsSchema = z
  .object({
    options: z
      .array(productOptionSchema, { error: VARIANT_TEXTS.optionName })
      .max(MAX_PRODUCT_OPTIONS, { error: VARIANT_TEXTS.tooManyOptions }),
    variants: z
      .array(productVariantInputSchema, { error: VARIANT_TEXTS.needsVariant })
      .max(MAX_PRODUCT_VARIANTS, { error: VARIANT_TEXTS.tooManyVariants }),
  })
  .superRefine(({ options, variants }, ctx) => {
    // One message at a time, in the order the editor shows the problems.
    const problem = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (!uniqueBy(options, (o) => o.name.toLowerCase())) return problem(VARIANT_TEXTS.optionRepeated);
    if (options.some((o) => !uniqueBy(o.values, (v) => v.toLowerCase()))) return problem(VARIANT_TEXTS.valueRepeated);
    if (options.length > 0 && variants.length === 0) return problem(VARIANT_TEXTS.needsVariant);
    if (options.length === 0 && variants.length > 0) return problem(VARIANT_TEXTS.needsOption);
    const fits = (values: readonly string[]) =>
      values.length === options.length && values.every((v, i) => options[i]?.values.includes(v));
    if (!variants.every((v) => fits(v.optionValues))) return problem(VARIANT_TEXTS.optionValuesMismatch);
    if (!uniqueBy(variants, (v) => v.optionValues.join('\u0000'))) return problem(VARIANT_TEXTS.combinationRepeated);
    if (!uniqueBy(variants, (v) => v.sku.toLowerCase())) return problem(VARIANT_TEXTS.skuRepeated);
    if (
      !uniqueBy(
        variants.filter((v) => v.id),
        (v) => v.id ?? '',
      )
    )
      return problem(VARIANT_TEXTS.unknownVariant);
  });
export type ProductVariantsBody = z.input<typeof productVariantsSchema>;
export type ProductVariantsValues = z.output<typeof productVariantsSchema>;

/**
 * `POST /api/add-to-cart`: the spec's `{productId, quantity}` plus the chosen variant. A product
 * with variants added without one gets its default variant (the price the catalogue shows).
 * Adding the same product in two variants makes two lines.
 */
export const cartAddVariantSchema = cartAddSchema.extend({ variantId: variantId.optional() });
export type CartAddVariantBody = z.input<typeof cartAddVariantSchema>;

/** `POST /api/update-quantity`: a line is its product and variant (none for a product without variants). */
export const cartUpdateVariantSchema = cartUpdateSchema.extend({ variantId: variantId.optional() });
export type CartUpdateVariantBody = z.input<typeof cartUpdateVariantSchema>;

/** `POST /api/remove-from-cart`. */
export const cartRemoveVariantSchema = cartRemoveSchema.extend({ variantId: variantId.optional() });
export type CartRemoveVariantBody = z.input<typeof cartRemoveVariantSchema>;
