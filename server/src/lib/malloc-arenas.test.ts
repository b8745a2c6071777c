import { describe, expect, it } from 'vitest';
import { MALLOC_ARENAS, glibcVersion, mallocArenaWarning } from './malloc-arenas.js';

describe('the malloc arena warning', () => {
  it('tells a server on glibc without MALLOC_ARENA_MAX how to start', () => {
    const warning = mallocArenaWarning({}, '2.36');
    expect(warning).toContain(`MALLOC_ARENA_MAX=${MALLOC_ARENAS}`);
    expect(warning).toContain('docs/operations.md');
  });

  it('says nothing when the environment sets it, whatever the value', () => {
    expect(mallocArenaWarning({ MALLOC_ARENA_MAX: '4' }, '2.36')).toBeUndefined();
  });

  it('says nothing off glibc (macOS, musl), where the variable means nothing', () => {
    expect(mallocArenaWarning({}, undefined)).toBeUndefined();
  });

  it('reads the C library of this process', () => {
    // Linux CI and the Docker image run on glibc; elsewhere there is no version to read.
    if (process.platform === 'linux') expect(glibcVersion()).toMatch(/^\d+\.\d+/);
    else expect(glibcVersion()).toBeUndefined();
  });
});
