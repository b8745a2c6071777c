import { MAX_PRODUCT_VARIANTS, variantLabel, type Product, type ProductVariantsBody } from '@kesh/shared';

/** What the owner is typing: an option's values are the comma-separated text as typed. */
export interface OptionDraft {
  key: number;
  name: string;
  values: string;
}

/** A variant row; `id` is set for a variant the server already has (its orders and carts name it). */
export interface VariantDraft {
  key: number;
  id?: string;
  sku: string;
  optionValues: string[];
  mainPrice: string;
  offerPrice: string;
  stock: string;
  weightGrams: string;
}

export interface Drafts {
  options: OptionDraft[];
  variants: VariantDraft[];
}

let nextKey = 0;
export const newKey = () => (nextKey += 1);

export const valuesOf = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

const typed = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export function draftsOf(product: Product): Drafts {
  return {
    options: (product.options ?? []).map((o) => ({ key: newKey(), name: o.name, values: o.values.join(', ') })),
    variants: (product.variants ?? []).map((v) => ({
      key: newKey(),
      id: v.id,
      sku: v.sku,
      optionValues: [...v.optionValues],
      mainPrice: typed(v.mainPrice),
      offerPrice: typed(v.offerPrice),
      stock: typed(v.stock),
      weightGrams: typed(v.weightGrams),
    })),
  };
}

/** The request body of PUT /api/main-category/:id/variants, as typed (the shared schema reads it). */
export function bodyOf({ options, variants }: Drafts): ProductVariantsBody {
  return {
    options: options.map((o) => ({ name: o.name, values: valuesOf(o.values) })),
    variants: variants.map(({ key: _key, id, ...fields }) => (id ? { id, ...fields } : fields)),
  };
}

/** A row's name in labels and questions: its values ("200 ml"), else its place ("Variant 2"). */
export function rowName(variant: VariantDraft, n: number, numbered: (n: number) => string): string {
  return variant.optionValues.every(Boolean) && variant.optionValues.length > 0
    ? variantLabel(variant.optionValues)
    : numbered(n);
}

/** "AMLA-HAIR-OIL-200-ML": a SKU to start from, which the owner may change. */
export function suggestedSku(title: string, values: readonly string[]): string {
  const words = [title, ...values]
    .join(' ')
    .toUpperCase()
    .split(/[^A-Z0-9]+/);
  return words.filter(Boolean).join('-').slice(0, 64).replace(/-$/, '');
}

/** A new row, priced like the product until the owner says otherwise. */
export function newVariant(product: Product, optionValues: string[]): VariantDraft {
  return {
    key: newKey(),
    sku: optionValues.every(Boolean) ? suggestedSku(product.title, optionValues) : '',
    optionValues,
    mainPrice: typed(product.mainPrice),
    offerPrice: typed(product.offerPrice),
    stock: '',
    weightGrams: '',
  };
}

/** Every combination of the options' values that no row has yet, in the options' order (up to the limit). */
export function missingCombinations(drafts: Drafts): string[][] {
  const lists = drafts.options.map((o) => valuesOf(o.values));
  if (lists.length === 0 || lists.some((l) => l.length === 0)) return [];
  const have = new Set(drafts.variants.map((v) => v.optionValues.join('\u0000')));
  let combos: string[][] = [[]];
  for (const list of lists) combos = combos.flatMap((c) => list.map((v) => [...c, v]));
  const room = MAX_PRODUCT_VARIANTS - drafts.variants.length;
  return combos.filter((c) => !have.has(c.join('\u0000'))).slice(0, Math.max(0, room));
}

/**
 * An option's values retyped: when as many values remain, each row's value moves with its place
 * ("100ml" corrected to "100 ml" keeps the rows that had it); a removed value leaves the rows blank.
 */
export function retypeValues(drafts: Drafts, index: number, text: string): Drafts {
  const option = drafts.options[index];
  if (!option) return drafts;
  const before = valuesOf(option.values);
  const after = valuesOf(text);
  const renamed = new Map(before.length === after.length ? before.map((v, i) => [v, after[i] ?? v]) : []);
  return {
    options: drafts.options.map((o, i) => (i === index ? { ...o, values: text } : o)),
    variants: drafts.variants.map((v) => {
      const value = v.optionValues[index] ?? '';
      const next = renamed.get(value) ?? (after.includes(value) ? value : '');
      return next === value ? v : { ...v, optionValues: v.optionValues.map((x, i) => (i === index ? next : x)) };
    }),
  };
}

export function addOption(drafts: Drafts): Drafts {
  return {
    options: [...drafts.options, { key: newKey(), name: '', values: '' }],
    variants: drafts.variants.map((v) => ({ ...v, optionValues: [...v.optionValues, ''] })),
  };
}

export function removeOption(drafts: Drafts, index: number): Drafts {
  return {
    options: drafts.options.filter((_, i) => i !== index),
    variants: drafts.variants.map((v) => ({ ...v, optionValues: v.optionValues.filter((_, i) => i !== index) })),
  };
}

/** The rows with one moved a place up (-1) or down (+1). */
export function moveVariant(variants: VariantDraft[], index: number, by: -1 | 1): VariantDraft[] {
  const to = index + by;
  if (to < 0 || to >= variants.length) return variants;
  const next = [...variants];
  [next[index], next[to]] = [next[to] as VariantDraft, next[index] as VariantDraft];
  return next;
}
