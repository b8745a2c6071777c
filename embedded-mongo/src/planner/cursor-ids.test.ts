import { describe, expect, it } from 'vitest';
import { CursorManager } from './cursors.js';

describe('cursor ids', () => {
  it('are positive, distinct and at least 2^53, so a driver always hands them back as a Long', () => {
    // A driver promotes an int64 below 2^53 to a JS number: with 63 random bits one cursor in
    // 1,024 came back as a number (a CI run failed on it). 5,000 cursors met that case 99 % of the time.
    const cursors = new CursorManager();
    const ids = new Set<bigint>();
    for (let i = 0; i < 5000; i++) {
      const { id } = cursors.open('db.c', [{ i: 1 }, { i: 2 }], 1, false);
      const value = id.toBigInt();
      expect(value >= 2n ** 53n && value <= 2n ** 63n - 1n).toBe(true);
      ids.add(value);
    }
    expect(ids.size).toBe(5000);
    expect(cursors.openCount).toBe(5000);
  });
});
