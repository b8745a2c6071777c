import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp (libvips, native) loads with the first image the owner uploads, not with the server: it
 * costs about 0.2 s of CPU and tens of MB of memory that only image uploads need.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  return (loading ??= import('sharp').then((loaded) => loaded.default));
}
