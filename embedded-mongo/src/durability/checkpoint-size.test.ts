import { constants } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { checkpointSizeWarning } from './durability.js';

describe('checkpoint size warning', () => {
  it('stays quiet up to half of what a backup can read, and names the way out past it', () => {
    const GiB = 2 ** 30;
    expect(checkpointSizeWarning(225 * 2 ** 20, 4 * GiB)).toBeUndefined();
    expect(checkpointSizeWarning(2 * GiB, 4 * GiB)).toBeUndefined();
    expect(checkpointSizeWarning(2.17 * GiB, 4 * GiB)).toBe(
      "the checkpoint is 2.17 GiB; the embedded engine's backups and restores (npm run db:backup, db:restore) cannot read one over 4.00 GiB: move the shop to MongoDB (npm run db:export, then db:import and MONGODB_URI; docs/operations.md)",
    );
    // The default limit is what one Buffer holds on this platform.
    expect(checkpointSizeWarning(constants.MAX_LENGTH / 2 + 1)).toMatch(/^the checkpoint is /);
  });
});
