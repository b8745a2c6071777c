import { crc32, deflateSync } from 'node:zlib';
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

/**
 * A PNG whose header declares `width` x `height` pixels, followed by a few rows of compressed
 * zeros: a few kilobytes that would take gigabytes to decode (a "pixel bomb").
 */
export function pixelBombPng(width: number, height: number, rows = 2): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const pixels = deflateSync(Buffer.alloc(rows * (width * 3 + 1)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
