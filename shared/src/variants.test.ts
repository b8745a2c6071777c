import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import { PRICE_TEXTS } from './prices.js';
import { cartAddVariantSchema, productVariantsSchema } from './variant-schemas.js';
import { VARIANT_TEXTS, chosenVariant, titleWithVariant, variantLabel, variantPriceRange } from './variants.js';

const size = { name: 'Size', values: ['100 ml', '200 ml'] };
const variant = (values: string[], sku: string, more: Record<string, string> = {}) => ({
  sku,
  optionValues: values,
  ...more,
});
const firstMessage = (body: unknown) => productVariantsSchema.safeParse(body).error?.issues[0]?.message;

describe('productVariantsSchema', () => {
  it('reads typed prices as paise, empty numbers as not set', () => {
    const parsed = productVariantsSchema.parse({
      options: [size],
      variants: [
        variant(['100 ml'], 'AMLA-100', { offerPrice: '199.50', mainPrice: '', stock: '7', weightGrams: '' }),
        variant(['200 ml'], 'AMLA-200'),
      ],
    });
    expect(parsed.variants[0]).toMatchObject({ offerPrice: 19950, mainPrice: null, stock: 7, weightGrams: null });
    expect(parsed.variants[1]).toMatchObject({ offerPrice: null, stock: null });
    expect(productVariantsSchema.parse({ options: [], variants: [] })).toEqual({ options: [], variants: [] });
  });

  it('names the first problem of a set of options and variants', () => {
    const one = [variant(['100 ml'], 'A')];
    expect(firstMessage({ options: [{ name: '', values: ['x'] }], variants: one })).toBe(VARIANT_TEXTS.optionName);
    expect(firstMessage({ options: [{ name: 'Size', values: [] }], variants: one })).toBe(VARIANT_TEXTS.optionValues);
    expect(firstMessage({ options: [size, size, size, size], variants: one })).toBe(VARIANT_TEXTS.tooManyOptions);
    expect(firstMessage({ options: [size, { ...size }], variants: one })).toBe(VARIANT_TEXTS.optionRepeated);
    expect(firstMessage({ options: [{ name: 'Size', values: ['a', 'A'] }], variants: one })).toBe(
      VARIANT_TEXTS.valueRepeated,
    );
    expect(firstMessage({ options: [size], variants: [] })).toBe(VARIANT_TEXTS.needsVariant);
    expect(firstMessage({ options: [], variants: one })).toBe(VARIANT_TEXTS.needsOption);
    expect(firstMessage({ options: [size], variants: [variant(['300 ml'], 'A')] })).toBe(
      VARIANT_TEXTS.optionValuesMismatch,
    );
    expect(firstMessage({ options: [size], variants: [variant(['100 ml'], 'A'), variant(['100 ml'], 'B')] })).toBe(
      VARIANT_TEXTS.combinationRepeated,
    );
    expect(firstMessage({ options: [size], variants: [variant(['100 ml'], 'A'), variant(['200 ml'], 'a')] })).toBe(
      VARIANT_TEXTS.skuRepeated,
    );
    expect(firstMessage({ options: [size], variants: [variant(['100 ml'], '-A')] })).toBe(VARIANT_TEXTS.sku);
    expect(firstMessage({ options: [size], variants: [variant(['100 ml'], 'A', { offerPrice: '1e3' })] })).toBe(
      PRICE_TEXTS.invalid,
    );
    expect(firstMessage({ options: [size], variants: [variant(['100 ml'], 'A', { stock: '-1' })] })).toBe(
      MESSAGES.invalidStock,
    );
    expect(firstMessage({ options: [size], variants: [variant(['100 ml'], 'A', { weightGrams: '100001' })] })).toBe(
      VARIANT_TEXTS.weight,
    );
    expect(firstMessage({ options: [size], variants: [variant(['100 ml'], 'A', { id: 'nope' })] })).toBe(
      VARIANT_TEXTS.invalidVariantId,
    );
  });
});

describe('cartAddVariantSchema', () => {
  it('takes the spec body, with or without a variant', () => {
    const productId = 'a'.repeat(24);
    expect(cartAddVariantSchema.parse({ productId })).toEqual({ productId, quantity: 1 });
    expect(cartAddVariantSchema.parse({ productId, variantId: 'b'.repeat(24), quantity: 2 })).toEqual({
      productId,
      variantId: 'b'.repeat(24),
      quantity: 2,
    });
    expect(cartAddVariantSchema.safeParse({ productId, variantId: { $ne: null } }).error?.issues[0]?.message).toBe(
      VARIANT_TEXTS.invalidVariantId,
    );
  });
});

describe('variant helpers', () => {
  const variants = [
    {
      id: '1',
      sku: 'A',
      optionValues: ['100 ml'],
      label: '100 ml',
      mainPrice: 250,
      offerPrice: 199,
      stock: 3,
      weightGrams: 120,
    },
    {
      id: '2',
      sku: 'B',
      optionValues: ['200 ml'],
      label: '200 ml',
      mainPrice: 399,
      offerPrice: null,
      stock: null,
      weightGrams: null,
    },
  ];
  it('labels, chooses and ranges', () => {
    expect(variantLabel(['200 ml', 'Pack of 2'])).toBe('200 ml / Pack of 2');
    expect(titleWithVariant('Amla hair oil', { label: '200 ml' })).toBe('Amla hair oil (200 ml)');
    expect(titleWithVariant('Amla hair oil', null)).toBe('Amla hair oil');
    expect(chosenVariant({ variants, defaultVariantId: '1' }, '2')?.sku).toBe('B');
    expect(chosenVariant({ variants, defaultVariantId: '1' }, 'gone')?.sku).toBe('A');
    expect(chosenVariant({ variants: [], defaultVariantId: null })).toBeNull();
    expect(variantPriceRange({ variants })).toEqual({ from: 199, to: 399 });
    expect(variantPriceRange({})).toBeNull();
  });
});
