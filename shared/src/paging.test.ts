import { describe, expect, it } from 'vitest';
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGING_TEXTS, pageQuerySchema } from './paging.js';

describe('pageQuerySchema', () => {
  it('defaults to the first page of the default size', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, limit: PAGE_SIZE_DEFAULT });
  });

  it('reads whole numbers in range', () => {
    expect(pageQuerySchema.parse({ page: '3', limit: '100' })).toEqual({ page: 3, limit: 100 });
    expect(pageQuerySchema.parse({ page: String(PAGE_MAX) }).page).toBe(PAGE_MAX);
  });

  it.each([
    [{ page: '0' }, PAGING_TEXTS.invalidPage],
    [{ page: '-1' }, PAGING_TEXTS.invalidPage],
    [{ page: '1.5' }, PAGING_TEXTS.invalidPage],
    [{ page: String(PAGE_MAX + 1) }, PAGING_TEXTS.invalidPage],
    [{ page: ['1', '2'] }, PAGING_TEXTS.invalidPage],
    [{ limit: '0' }, PAGING_TEXTS.invalidPageSize],
    [{ limit: '101' }, PAGING_TEXTS.invalidPageSize],
    [{ limit: 'ten' }, PAGING_TEXTS.invalidPageSize],
  ])('refuses %j with a clear message', (query, message) => {
    const result = pageQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
