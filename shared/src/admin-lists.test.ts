import { describe, expect, it } from 'vitest';
import { ADMIN_LIST_TEXTS, USER_SEARCH_MAX_CHARS, userListQuerySchema } from './admin-lists.js';
import { PAGE_SIZE_DEFAULT, PAGING_TEXTS } from './paging.js';

describe('userListQuerySchema', () => {
  it('lists every account, first page, when nothing is asked', () => {
    expect(userListQuerySchema.parse({})).toEqual({ q: '', page: 1, limit: PAGE_SIZE_DEFAULT });
  });

  it('trims the search and reads the page', () => {
    expect(userListQuerySchema.parse({ q: '  Meera ', page: '2', limit: '50' })).toEqual({
      q: 'Meera',
      page: 2,
      limit: 50,
    });
  });

  it.each([
    [{ q: 'x'.repeat(USER_SEARCH_MAX_CHARS + 1) }, ADMIN_LIST_TEXTS.invalidUserSearch],
    [{ q: ['a', 'b'] }, ADMIN_LIST_TEXTS.invalidUserSearch],
    [{ page: '0' }, PAGING_TEXTS.invalidPage],
    [{ limit: '101' }, PAGING_TEXTS.invalidPageSize],
  ])('refuses %j with a clear message', (query, message) => {
    const result = userListQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('says the limit in its message', () => {
    expect(ADMIN_LIST_TEXTS.invalidUserSearch).toBe('q must be text of at most 100 characters.');
  });
});
