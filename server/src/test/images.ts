import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '@kesh/shared';

/** Tiny real images, made once per test file. */
const made = new Map<string, Promise<Buffer>>();

function tiny(format: 'png' | 'jpeg' | 'gif' | 'webp'): Promise<Buffer> {
  let image = made.get(format);
  if (!image) {
    image = sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a0' } })
      .toFormat(format)
      .toBuffer();
    made.set(format, image);
  }
  return image;
}

export const pngImage = () => tiny('png');
export const jpegImage = () => tiny('jpeg');
export const gifImage = () => tiny('gif');
export const webpImage = () => tiny('webp');

/** Shell-script bytes: what a spoofed "x.png" really contains. */
export const scriptBytes = () => Buffer.from('#!/bin/sh\necho "not an image"\nrm -rf /tmp/nothing\n');

/** A PNG padded to `bytes` in total: its first bytes still read as PNG. */
export async function paddedPng(bytes: number): Promise<Buffer> {
  const png = await pngImage();
  return Buffer.concat([png, Buffer.alloc(bytes - png.length)]);
}

export const ELEVEN_MB = 11 * 1024 * 1024;
export { MAX_IMAGE_BYTES };
