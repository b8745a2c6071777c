import { describe, expect, it } from 'vitest';
import * as contract from './index.js';

/**
 * Every pattern the contract applies to user input runs in time linear in that input: 100 kB of
 * the strings that make backtracking patterns explode take milliseconds. (eslint-plugin-regexp's
 * super-linear rules check the same for every pattern in the code.)
 */
const patterns = Object.entries(contract).filter((entry): entry is [string, RegExp] => entry[1] instanceof RegExp);

const SIZE = 100_000;
const HOSTILE = [
  `a@${'a.'.repeat(SIZE / 2)}@`,
  `${'a@'.repeat(SIZE / 2)} `,
  `${'.'.repeat(SIZE)}@`,
  `${'1'.repeat(SIZE)}x`,
  `${'a'.repeat(SIZE)} `,
  `${' '.repeat(SIZE)}a`,
];

describe('input patterns', () => {
  it('exports the patterns it checks', () => {
    expect(patterns.map(([name]) => name)).toEqual(
      expect.arrayContaining(['EMAIL_PATTERN', 'PHONE_PATTERN', 'OTP_PATTERN', 'OBJECT_ID_PATTERN']),
    );
  });

  it.each(patterns)('%s takes under 50 ms on every 100 kB hostile input', (_name, pattern) => {
    for (const input of HOSTILE) {
      const started = performance.now();
      pattern.test(input);
      expect(performance.now() - started, input.slice(0, 12)).toBeLessThan(50);
    }
  });

  it('EMAIL_PATTERN accepts and refuses what the original pattern did', () => {
    const original = /^[^\s@]+@[^\s@]+\.[^\s@]+$/; // eslint-disable-line regexp/no-super-linear-backtracking -- the reference being replaced
    const samples = [
      'a@b.c',
      'mira@example.com',
      'a@b..c',
      'a@.b.c',
      'a@b.c.',
      'a@...',
      'a@.b',
      'a@b.',
      'a@b',
      '@b.c',
      'a@@b.c',
      'a b@c.d',
      'a@b c.d',
      'first.last+tag@sub.example.co.in',
      'a@b.c@d.e',
    ];
    for (const sample of samples) expect(contract.EMAIL_PATTERN.test(sample), sample).toBe(original.test(sample));
  });
});
