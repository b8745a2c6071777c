import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, toCommandError } from '../values/errors.js';
import { compileFilter } from './filter.js';

/** Filters share one set of mingo options (filter.ts QUERY_OPTIONS); nothing of one may reach another. */
describe('filters compiled with the shared query options', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('match by their own values, however many were compiled before', () => {
    const filters = [1, 2, 3].map((qty) => compileFilter({ qty: { $gte: qty } }));
    expect(filters.map((f) => f.test({ qty: 2 }))).toEqual([true, true, false]);
    expect(compileFilter({ sku: 'b' }).test({ sku: 'a' })).toBe(false);
    expect(compileFilter({ sku: 'a' }).test({ sku: 'a' })).toBe(true);
  });

  it('read $$NOW when they run, not when an earlier filter did', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const due = { at: new Date('2026-01-01T00:00:10Z') };
    const early = compileFilter({ $expr: { $lte: ['$at', '$$NOW'] } });
    expect(early.test(due)).toBe(false);
    vi.setSystemTime(new Date('2026-01-01T00:00:20Z'));
    expect(compileFilter({ $expr: { $lte: ['$at', '$$NOW'] } }).test(due)).toBe(true);
  });

  it('refuse the operator that hands the options over, as any unknown operator', () => {
    let thrown: unknown;
    try {
      compileFilter({ qty: { $engineQueryOptions: 1 } });
    } catch (err) {
      thrown = err;
    }
    const refused = toCommandError(thrown);
    expect(refused.code).toBe(ErrorCode.BadValue);
    expect(refused.message).toBe('unknown operator: $engineQueryOptions');
  });
});
