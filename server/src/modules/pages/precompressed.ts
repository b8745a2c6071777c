import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Sends the build's own compressed copy of an asset (client/build/precompress.ts writes `.br` and
 * `.gz` beside each script and stylesheet) to a browser that accepts it, with the original's type;
 * anything else falls through to express.static. The folder is read once: builds are immutable.
 */
export function precompressedAssets(dir: string, maxAgeMs: number): RequestHandler {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    names = [];
  }
  const present = new Set(names);
  const variants = new Map<string, string[]>();
  for (const name of names) {
    const available = ENCODINGS.filter((e) => present.has(name + e.suffix)).map((e) => e.name);
    if (available.length > 0) variants.set(`/${name}`, available);
  }

  return (req, res, next) => {
    const available = variants.get(req.path);
    if (!available || (req.method !== 'GET' && req.method !== 'HEAD')) {
      next();
      return;
    }
    res.vary('Accept-Encoding');
    // Brotli first whenever the browser takes it: it is the smaller copy.
    const encoding = ENCODINGS.find((e) => available.includes(e.name) && req.acceptsEncodings(e.name) === e.name);
    if (!encoding) {
      next();
      return;
    }
    res.type(path.extname(req.path));
    res.sendFile(
      path.join(dir, req.path.slice(1) + encoding.suffix),
      { maxAge: maxAgeMs, immutable: true, headers: { 'Content-Encoding': encoding.name } },
      (err?: Error & { code?: string }) => {
        if (!err || res.headersSent) return; // sent, or the browser hung up mid-file
        // A copy gone missing since start: the original still serves (without the header we set).
        res.removeHeader('Content-Encoding');
        if (err.code === 'ENOENT') next();
        else next(err);
      },
    );
  };
}
