import { describe, expect, it } from 'vitest';
import {
  PRODUCT_TEXT_MESSAGES,
  englishBenefitsSchema,
  missingTranslations,
  productTextIn,
  productTranslationSchema,
} from './product-text.js';

const amla = {
  title: 'Amla hair oil',
  subtitle: 'Cold-pressed',
  description: 'For strong roots.',
  benefits: ['Strong roots'],
  imageAlt: 'A bottle of amla oil',
  translations: { gu: { title: 'આમળા વાળનું તેલ', benefits: ['મજબૂત મૂળ'] } },
};

describe('product text in a language', () => {
  it('takes each field from the language and the rest from English', () => {
    expect(productTextIn(amla, 'gu')).toEqual({
      title: 'આમળા વાળનું તેલ',
      subtitle: 'Cold-pressed',
      description: 'For strong roots.',
      benefits: ['મજબૂત મૂળ'],
      imageAlt: 'A bottle of amla oil',
    });
    expect(productTextIn(amla, 'hi').title).toBe('Amla hair oil');
    expect(productTextIn(amla, 'en').benefits).toEqual(['Strong roots']);
  });

  it('describes the picture by the title in the language when nobody wrote an alt text', () => {
    expect(productTextIn({ ...amla, imageAlt: '' }, 'gu').imageAlt).toBe('આમળા વાળનું તેલ');
    // An old product: none of the new fields.
    expect(productTextIn({ title: 'Neem', subtitle: 's', description: 'd' }, 'mr')).toEqual({
      title: 'Neem',
      subtitle: 's',
      description: 'd',
      benefits: [],
      imageAlt: 'Neem',
    });
  });

  it('names the fields a translation lacks, among those English has', () => {
    expect(missingTranslations(amla, amla.translations.gu)).toEqual(['subtitle', 'description', 'imageAlt']);
    expect(missingTranslations({ title: 'Neem' }, undefined)).toEqual(['title']);
  });
});

describe('product text validation', () => {
  it('keeps only the fields written, trimmed', () => {
    expect(productTranslationSchema('hi').parse({ title: ' आंवला ', subtitle: '', benefits: ['', 'जड़ें'] })).toEqual({
      title: 'आंवला',
      benefits: ['जड़ें'],
    });
    expect(englishBenefitsSchema.parse('Strong roots\n\n Less fall \n')).toEqual(['Strong roots', 'Less fall']);
  });

  it('says which language and field is wrong', () => {
    const issue = (value: unknown) => productTranslationSchema('gu').safeParse(value).error?.issues[0]?.message;
    expect(issue({ title: 'x'.repeat(201) })).toBe('The Gujarati title must be at most 200 characters.');
    expect(issue({ description: 'x'.repeat(2001) })).toBe('The Gujarati description must be at most 2000 characters.');
    expect(issue({ colour: 'red' })).toBe(PRODUCT_TEXT_MESSAGES.unreadable('gu'));
    expect(issue('title')).toBe(PRODUCT_TEXT_MESSAGES.unreadable('gu'));
    expect(issue({ benefits: Array(11).fill('a') })).toBe('At most 10 Gujarati benefits, one per line.');
  });
});
