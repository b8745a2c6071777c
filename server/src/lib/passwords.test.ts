import bcrypt from 'bcryptjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, passwordMatches } from './passwords.js';

describe('password hashing off the event loop', () => {
  afterEach(() => vi.restoreAllMocks());

  it('hashes and checks a production-cost password on the worker thread, not on the event loop', async () => {
    const onLoop = [vi.spyOn(bcrypt, 'hash'), vi.spyOn(bcrypt, 'compare'), vi.spyOn(bcrypt, 'hashSync')];
    const hash = await hashPassword('correct-horse', 10);
    expect(bcrypt.getRounds(hash)).toBe(10);
    expect(await passwordMatches('correct-horse', hash)).toBe(true);
    expect(await passwordMatches('wrong-horse', hash)).toBe(false);
    for (const spy of onLoop) expect(spy).not.toHaveBeenCalled();
    expect(bcrypt.compareSync('correct-horse', hash)).toBe(true);
  });

  it('keeps a test-cost hash (about a millisecond) in place', async () => {
    const inPlace = vi.spyOn(bcrypt, 'hash');
    const hash = await hashPassword('correct-horse', 4);
    expect(inPlace).toHaveBeenCalledOnce();
    expect(await passwordMatches('correct-horse', hash)).toBe(true);
  });
});
