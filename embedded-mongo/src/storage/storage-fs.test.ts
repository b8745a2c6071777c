import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWholeFile } from './storage-fs.js';

describe('readWholeFile (checkpoints over the 2 GiB fs.readFile reads)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'storage-fs-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads every byte in order when the file takes several chunks, the last one short', async () => {
    const bytes = randomBytes(100_003);
    const file = path.join(dir, 'chunks.bson');
    await writeFile(file, bytes);
    expect((await readWholeFile(file, 4_096)).equals(bytes)).toBe(true);
    expect((await readWholeFile(file)).equals(bytes)).toBe(true);
  });

  it('reads an empty file as an empty buffer', async () => {
    const file = path.join(dir, 'empty.bson');
    await writeFile(file, '');
    expect((await readWholeFile(file, 4_096)).length).toBe(0);
  });

  it('rejects a missing file with ENOENT, which a first start reads as an empty database', async () => {
    await expect(readWholeFile(path.join(dir, 'missing.bson'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
