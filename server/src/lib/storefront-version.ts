import { sharedVersion, VersionDoc, type SharedVersion, type WatchedVersion } from './shared-version.js';

/**
 * One number that moves whenever something a public page shows changes: a product created, edited or
 * deleted, stock taken or put back (a card's "Only 3 left" and "Out of stock" follow it), a slider or
 * a gallery picture. Rendered pages and cached lists are kept with the version they were made from
 * and are current while it has not moved, in every process that shares the database — instead of a
 * time to live that re-renders every page every second whether or not anything changed.
 * See docs/decisions/0020-storefront-page-cache.md.
 */
const storefront = sharedVersion('storefront');
export const StorefrontVersionDoc = VersionDoc;

/**
 * How stale another process's pages may be after a write it did not make, when several app processes
 * share one database (MONGODB_URI): each process reads the version document at most this often,
 * shared by every request meanwhile. The process that makes a write knows at once.
 */
export const SHARED_DATABASE_RECHECK_MS = 100;

/** Records that what the storefront shows has changed. Called after the write itself. */
export const storefrontChanged = storefront.changed;

export type StorefrontVersion = SharedVersion;
export type WatchedStorefrontVersion = WatchedVersion;

/** The storefront's version as this process sees it (sharedVersion's watch). */
export const watchStorefrontVersion = storefront.watch;
