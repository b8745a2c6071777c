/**
 * Draws the demo catalogue's images as SVG and renders them with sharp. The outputs are committed
 * (server/assets/seed, client/public/images), so this only runs when the artwork changes:
 *   cd server && npx tsx scripts-dev/make-seed-images.ts
 * Everything is deterministic (seeded random), so a re-run reproduces the same files.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const SEED_DIR = path.resolve(here, '../assets/seed');
const CLIENT_IMAGES = path.resolve(here, '../../client/public/images');

const GREEN = '#14532d';
const DEEP_GREEN = '#0b3d20';
const GOLD = '#c9a227';
const CREAM = '#fbf6e9';
const SERIF = "'DejaVu Serif', Georgia, serif";
const SANS = "'DejaVu Sans', Arial, sans-serif";

/** mulberry32: a tiny seeded generator so every run draws the same picture. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n: number) => n.toFixed(1);

// ---------------------------------------------------------------- shared definitions

const DEFS = `
<defs>
  <linearGradient id="leafA" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#5f9c3c"/><stop offset="1" stop-color="#2d6a2e"/>
  </linearGradient>
  <linearGradient id="leafB" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#3f8a3a"/><stop offset="1" stop-color="#17502a"/>
  </linearGradient>
  <linearGradient id="leafC" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#8dbb55"/><stop offset="1" stop-color="#4a8a34"/>
  </linearGradient>
  <linearGradient id="leafDark" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#2c6b35"/><stop offset="1" stop-color="#0e3d1f"/>
  </linearGradient>
  <radialGradient id="oilDrop" cx="0.4" cy="0.55" r="0.7">
    <stop offset="0" stop-color="#ffe59a"/><stop offset="0.55" stop-color="#e0a92e"/><stop offset="1" stop-color="#a86b0c"/>
  </radialGradient>
  <radialGradient id="amla" cx="0.38" cy="0.35" r="0.75">
    <stop offset="0" stop-color="#eef2a0"/><stop offset="0.5" stop-color="#b9cd4f"/><stop offset="1" stop-color="#6f8f22"/>
  </radialGradient>
  <radialGradient id="petal" cx="0" cy="0" r="1" gradientUnits="objectBoundingBox">
    <stop offset="0" stop-color="#7d0a22"/><stop offset="0.35" stop-color="#c8203c"/><stop offset="1" stop-color="#f0566b"/>
  </radialGradient>
  <radialGradient id="coconutShell" cx="0.35" cy="0.3" r="0.8">
    <stop offset="0" stop-color="#9a6a3f"/><stop offset="0.6" stop-color="#6b4324"/><stop offset="1" stop-color="#3e2512"/>
  </radialGradient>
  <radialGradient id="soapnut" cx="0.35" cy="0.3" r="0.8">
    <stop offset="0" stop-color="#e3a55a"/><stop offset="0.6" stop-color="#a8611f"/><stop offset="1" stop-color="#5e3010"/>
  </radialGradient>
  <linearGradient id="brass" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#7a5514"/><stop offset="0.3" stop-color="#d9a93f"/><stop offset="0.5" stop-color="#f6d98a"/>
    <stop offset="0.75" stop-color="#c08a25"/><stop offset="1" stop-color="#6b470f"/>
  </linearGradient>
  <linearGradient id="gold" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#8c6a12"/><stop offset="0.45" stop-color="#f1d477"/><stop offset="1" stop-color="#a07a16"/>
  </linearGradient>
  <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#a8744a"/><stop offset="1" stop-color="#6e4528"/>
  </linearGradient>
  <linearGradient id="podium" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#e4d9c3"/><stop offset="0.45" stop-color="#fbf5e8"/><stop offset="1" stop-color="#d2c4a8"/>
  </linearGradient>
  <linearGradient id="podiumDark" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#0a2e18"/><stop offset="0.45" stop-color="#1d5a35"/><stop offset="1" stop-color="#08261a"/>
  </linearGradient>
  <linearGradient id="shine" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.55"/>
    <stop offset="1" stop-color="#fff" stop-opacity="0"/>
  </linearGradient>
  <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="#fff7dc" stop-opacity="0.9"/><stop offset="1" stop-color="#fff7dc" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="goldGlow" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="#e8c35a" stop-opacity="0.55"/><stop offset="1" stop-color="#e8c35a" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">
    <stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/>
  </radialGradient>
  <filter id="blur2" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="2"/></filter>
  <filter id="blur6" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="6"/></filter>
  <filter id="blur14" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>
  <filter id="shadow" x="-30%" y="-30%" width="160%" height="160%">
    <feGaussianBlur in="SourceAlpha" stdDeviation="8"/><feOffset dx="6" dy="10"/>
    <feComponentTransfer><feFuncA type="linear" slope="0.35"/></feComponentTransfer>
    <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
  </filter>
</defs>`;

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${DEFS}${body}</svg>`;
}

function background(width: number, height: number, inner: string, outer: string, cx = 0.5, cy = 0.45): string {
  return `
  <radialGradient id="bg" cx="${cx}" cy="${cy}" r="0.85"><stop offset="0" stop-color="${inner}"/><stop offset="1" stop-color="${outer}"/></radialGradient>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>`;
}

// ---------------------------------------------------------------- botanical shapes

interface LeafOptions {
  x: number;
  y: number;
  length: number;
  width: number;
  angle: number;
  fill?: string;
  veins?: boolean;
  opacity?: number;
  filter?: string;
}

/** An almond leaf growing from (x, y) along `angle` degrees. */
function leaf(o: LeafOptions): string {
  const l = o.length;
  const w = o.width;
  const shape = `M0 0 C ${f(l * 0.22)} ${f(-w)} ${f(l * 0.72)} ${f(-w * 0.95)} ${f(l)} 0 C ${f(l * 0.72)} ${f(w * 0.95)} ${f(l * 0.22)} ${f(w)} 0 0 Z`;
  let veins = '';
  if (o.veins !== false) {
    veins += `<path d="M${f(l * 0.02)} 0 Q ${f(l * 0.5)} ${f(-w * 0.08)} ${f(l * 0.96)} 0" stroke="#e9f5d0" stroke-opacity="0.55" stroke-width="${f(Math.max(1, w * 0.06))}" fill="none"/>`;
    for (let i = 1; i <= 4; i++) {
      const px = l * (0.15 + i * 0.16);
      const dy = w * (0.75 - i * 0.1);
      veins += `<path d="M${f(px)} 0 Q ${f(px + l * 0.08)} ${f(-dy * 0.5)} ${f(px + l * 0.14)} ${f(-dy)} M${f(px)} 0 Q ${f(px + l * 0.08)} ${f(dy * 0.5)} ${f(px + l * 0.14)} ${f(dy)}" stroke="#e9f5d0" stroke-opacity="0.28" stroke-width="${f(Math.max(0.8, w * 0.035))}" fill="none"/>`;
    }
  }
  const attrs = `${o.opacity !== undefined ? ` opacity="${o.opacity}"` : ''}${o.filter ? ` filter="url(#${o.filter})"` : ''}`;
  return `<g transform="translate(${f(o.x)} ${f(o.y)}) rotate(${f(o.angle)})"${attrs}><path d="${shape}" fill="${o.fill ?? 'url(#leafA)'}"/>${veins}</g>`;
}

/** A stem with paired leaves: bhringraj and curry-leaf style sprigs; many narrow leaves make neem. */
function sprig(o: {
  x: number;
  y: number;
  angle: number;
  length: number;
  pairs: number;
  leafLength: number;
  leafWidth: number;
  fill?: string;
  stem?: string;
  spread?: number;
  filter?: string;
  opacity?: number;
}): string {
  const spread = o.spread ?? 50;
  const parts: string[] = [];
  const stemWidth = Math.max(2, o.leafWidth * 0.18);
  parts.push(
    `<path d="M0 0 Q ${f(o.length * 0.5)} ${f(-o.length * 0.06)} ${f(o.length)} 0" stroke="${o.stem ?? '#4d6b2a'}" stroke-width="${f(stemWidth)}" fill="none" stroke-linecap="round"/>`,
  );
  for (let i = 0; i < o.pairs; i++) {
    const t = 0.18 + (i / Math.max(1, o.pairs)) * 0.75;
    const scale = 1 - i * (0.35 / Math.max(1, o.pairs));
    const px = o.length * t;
    const py = -o.length * 0.06 * 4 * t * (1 - t);
    parts.push(
      leaf({ x: px, y: py, length: o.leafLength * scale, width: o.leafWidth * scale, angle: -spread, fill: o.fill }),
    );
    parts.push(
      leaf({ x: px, y: py, length: o.leafLength * scale, width: o.leafWidth * scale, angle: spread, fill: o.fill }),
    );
  }
  parts.push(leaf({ x: o.length, y: 0, length: o.leafLength * 0.7, width: o.leafWidth * 0.7, angle: 0, fill: o.fill }));
  const attrs = `${o.filter ? ` filter="url(#${o.filter})"` : ''}${o.opacity !== undefined ? ` opacity="${o.opacity}"` : ''}`;
  return `<g transform="translate(${f(o.x)} ${f(o.y)}) rotate(${f(o.angle)})"${attrs}>${parts.join('')}</g>`;
}

function oilDrop(x: number, y: number, size: number, opacity = 1): string {
  const s = size;
  return `<g transform="translate(${f(x)} ${f(y)})" opacity="${opacity}">
    <path d="M0 ${f(-s)} C ${f(s * 0.3)} ${f(-s * 0.5)} ${f(s * 0.62)} ${f(-s * 0.05)} ${f(s * 0.62)} ${f(s * 0.3)} A ${f(s * 0.62)} ${f(s * 0.62)} 0 0 1 ${f(-s * 0.62)} ${f(s * 0.3)} C ${f(-s * 0.62)} ${f(-s * 0.05)} ${f(-s * 0.3)} ${f(-s * 0.5)} 0 ${f(-s)} Z" fill="url(#oilDrop)"/>
    <ellipse cx="${f(-s * 0.22)} " cy="${f(s * 0.12)}" rx="${f(s * 0.12)}" ry="${f(s * 0.22)}" fill="#fff" opacity="0.7" transform="rotate(20 ${f(-s * 0.22)} ${f(s * 0.12)})"/>
  </g>`;
}

function amla(x: number, y: number, r: number): string {
  return `<g transform="translate(${f(x)} ${f(y)})">
    <ellipse cx="${f(r * 0.15)}" cy="${f(r * 0.9)}" rx="${f(r * 0.95)}" ry="${f(r * 0.22)}" fill="#000" opacity="0.18" filter="url(#blur6)"/>
    <circle r="${f(r)}" fill="url(#amla)"/>
    <ellipse rx="${f(r * 0.33)}" ry="${f(r * 0.98)}" fill="none" stroke="#f6f9cf" stroke-opacity="0.35" stroke-width="${f(r * 0.03)}"/>
    <ellipse rx="${f(r * 0.7)}" ry="${f(r * 0.99)}" fill="none" stroke="#f6f9cf" stroke-opacity="0.3" stroke-width="${f(r * 0.03)}"/>
    <ellipse cx="${f(-r * 0.35)}" cy="${f(-r * 0.4)}" rx="${f(r * 0.22)}" ry="${f(r * 0.14)}" fill="#fff" opacity="0.55" transform="rotate(-35 ${f(-r * 0.35)} ${f(-r * 0.4)})"/>
    <circle cy="${f(-r * 0.97)}" r="${f(r * 0.07)}" fill="#6b5a22"/>
  </g>`;
}

function hibiscus(x: number, y: number, r: number, angle = 0): string {
  const petals: string[] = [];
  for (let i = 0; i < 5; i++) {
    petals.push(
      `<path transform="rotate(${i * 72})" d="M0 0 C ${f(-r * 0.62)} ${f(-r * 0.25)} ${f(-r * 0.8)} ${f(-r * 0.95)} ${f(-r * 0.2)} ${f(-r * 1.02)} C ${f(r * 0.05)} ${f(-r * 1.08)} ${f(r * 0.3)} ${f(-r * 0.98)} ${f(r * 0.45)} ${f(-r * 0.9)} C ${f(r * 0.75)} ${f(-r * 0.65)} ${f(r * 0.55)} ${f(-r * 0.22)} 0 0 Z" fill="url(#petal)" stroke="#9e1230" stroke-opacity="0.35" stroke-width="${f(r * 0.012)}"/>`,
      `<path transform="rotate(${i * 72})" d="M0 ${f(-r * 0.15)} Q ${f(-r * 0.1)} ${f(-r * 0.6)} ${f(-r * 0.05)} ${f(-r * 0.88)}" stroke="#ffd0d6" stroke-opacity="0.35" stroke-width="${f(r * 0.02)}" fill="none"/>`,
    );
  }
  const dots: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * Math.PI * 2;
    dots.push(
      `<circle cx="${f(r * 0.78 + Math.cos(a) * r * 0.07)}" cy="${f(-r * 0.5 + Math.sin(a) * r * 0.07)}" r="${f(r * 0.035)}" fill="#ffd23f"/>`,
    );
  }
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})" filter="url(#shadow)">
    ${petals.join('')}
    <circle r="${f(r * 0.16)}" fill="#5a0617" opacity="0.85"/>
    <path d="M0 0 Q ${f(r * 0.45)} ${f(-r * 0.15)} ${f(r * 0.78)} ${f(-r * 0.5)}" stroke="#e8475e" stroke-width="${f(r * 0.04)}" fill="none" stroke-linecap="round"/>
    ${dots.join('')}
    <circle cx="${f(r * 0.8)}" cy="${f(-r * 0.52)}" r="${f(r * 0.04)}" fill="#b3122e"/>
  </g>`;
}

function daisy(x: number, y: number, r: number): string {
  const petals: string[] = [];
  for (let i = 0; i < 18; i++) {
    petals.push(
      `<ellipse transform="rotate(${i * 20})" cx="0" cy="${f(-r * 0.58)}" rx="${f(r * 0.13)}" ry="${f(r * 0.42)}" fill="#fbfbf2"/>`,
    );
  }
  return `<g transform="translate(${f(x)} ${f(y)})">${petals.join('')}<circle r="${f(r * 0.3)}" fill="#d8c36a"/><circle r="${f(r * 0.18)}" fill="#b59a3a"/></g>`;
}

function coconutWhole(x: number, y: number, r: number, seed: number): string {
  const rnd = random(seed);
  const fibres: string[] = [];
  for (let i = 0; i < 70; i++) {
    const a = rnd() * Math.PI * 2;
    const d = rnd() * r * 0.92;
    const px = Math.cos(a) * d;
    const py = Math.sin(a) * d;
    const len = r * (0.08 + rnd() * 0.12);
    const ang = a + Math.PI / 2 + (rnd() - 0.5);
    fibres.push(
      `<path d="M${f(px)} ${f(py)} l ${f(Math.cos(ang) * len)} ${f(Math.sin(ang) * len)}" stroke="${rnd() > 0.5 ? '#c49a6c' : '#3a2311'}" stroke-opacity="0.45" stroke-width="1.6"/>`,
    );
  }
  return `<g transform="translate(${f(x)} ${f(y)})">
    <ellipse cx="${f(r * 0.1)}" cy="${f(r * 0.92)}" rx="${f(r)}" ry="${f(r * 0.2)}" fill="#000" opacity="0.25" filter="url(#blur6)"/>
    <circle r="${f(r)}" fill="url(#coconutShell)"/>${fibres.join('')}
    <circle cx="${f(-r * 0.2)}" cy="${f(-r * 0.55)}" r="${f(r * 0.06)}" fill="#2a180a"/><circle cx="${f(r * 0.02)}" cy="${f(-r * 0.62)}" r="${f(r * 0.06)}" fill="#2a180a"/><circle cx="${f(-r * 0.1)}" cy="${f(-r * 0.42)}" r="${f(r * 0.06)}" fill="#2a180a"/>
  </g>`;
}

function coconutHalf(x: number, y: number, r: number): string {
  return `<g transform="translate(${f(x)} ${f(y)})">
    <ellipse cx="${f(r * 0.1)}" cy="${f(r * 0.62)}" rx="${f(r * 1.05)}" ry="${f(r * 0.2)}" fill="#000" opacity="0.25" filter="url(#blur6)"/>
    <path d="M${f(-r)} 0 A ${f(r)} ${f(r * 0.65)} 0 0 0 ${f(r)} 0 Z" fill="url(#coconutShell)"/>
    <ellipse rx="${f(r)}" ry="${f(r * 0.42)}" fill="#5a3519"/>
    <ellipse rx="${f(r * 0.92)}" ry="${f(r * 0.37)}" fill="#fdfbf4"/>
    <ellipse cy="${f(r * 0.03)}" rx="${f(r * 0.72)}" ry="${f(r * 0.27)}" fill="#efe8d6"/>
    <ellipse cx="${f(-r * 0.25)}" cy="${f(-r * 0.06)}" rx="${f(r * 0.25)}" ry="${f(r * 0.07)}" fill="#fff" opacity="0.8"/>
  </g>`;
}

function soapnut(x: number, y: number, r: number): string {
  return `<g transform="translate(${f(x)} ${f(y)})"><circle r="${f(r)}" fill="url(#soapnut)"/>
    <path d="M${f(-r * 0.5)} ${f(-r * 0.1)} q ${f(r * 0.3)} ${f(r * 0.25)} ${f(r * 0.7)} ${f(r * 0.05)} M${f(-r * 0.2)} ${f(r * 0.45)} q ${f(r * 0.3)} ${f(-r * 0.15)} ${f(r * 0.55)} ${f(r * 0.02)}" stroke="#4a250b" stroke-opacity="0.45" stroke-width="${f(r * 0.07)}" fill="none" stroke-linecap="round"/>
    <ellipse cx="${f(-r * 0.35)}" cy="${f(-r * 0.4)}" rx="${f(r * 0.2)}" ry="${f(r * 0.12)}" fill="#fff" opacity="0.4"/></g>`;
}

function shikakaiPod(x: number, y: number, length: number, angle: number): string {
  const l = length;
  const bumps: string[] = [];
  for (let i = 1; i < 6; i++)
    bumps.push(`<circle cx="${f((l * i) / 6)}" cy="0" r="${f(l * 0.045)}" fill="#3f2410" opacity="0.35"/>`);
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})">
    <path d="M0 0 C ${f(l * 0.3)} ${f(-l * 0.16)} ${f(l * 0.7)} ${f(-l * 0.16)} ${f(l)} ${f(-l * 0.02)} C ${f(l * 0.7)} ${f(l * 0.02)} ${f(l * 0.3)} ${f(l * 0.02)} 0 ${f(l * 0.1)} Z" fill="#6b4020" transform="translate(0 ${f(l * 0.04)})"/>
    ${bumps.join('')}</g>`;
}

function aloePlant(x: number, y: number, h: number): string {
  const blades: string[] = [];
  const angles = [-62, -40, -20, -5, 12, 30, 52, 70];
  angles.forEach((a, i) => {
    const len = h * (0.75 + ((i * 37) % 10) / 40);
    const w = h * 0.09;
    const spots: string[] = [];
    for (let k = 1; k < 6; k++)
      spots.push(
        `<ellipse cx="${f(-len * k * 0.14)}" cy="${f(w * 0.2 * ((k % 2) * 2 - 1))}" rx="${f(w * 0.16)}" ry="${f(w * 0.08)}" fill="#e4f2d8" opacity="0.5"/>`,
      );
    blades.push(`<g transform="rotate(${a + 90})">
      <path d="M0 ${f(-w)} C ${f(-len * 0.4)} ${f(-w * 0.9)} ${f(-len * 0.8)} ${f(-w * 0.4)} ${f(-len)} 0 C ${f(-len * 0.8)} ${f(w * 0.4)} ${f(-len * 0.4)} ${f(w * 0.9)} 0 ${f(w)} Z" fill="${i % 2 ? 'url(#leafC)' : 'url(#leafA)'}" stroke="#3a6d2a" stroke-width="2"/>
      ${spots.join('')}</g>`);
  });
  return `<g transform="translate(${f(x)} ${f(y)}) scale(-1 1)">${blades.join('')}</g>`;
}

function bokeh(width: number, height: number, count: number, seed: number, colour: string, maxR: number): string {
  const rnd = random(seed);
  const dots: string[] = [];
  for (let i = 0; i < count; i++) {
    dots.push(
      `<circle cx="${f(rnd() * width)}" cy="${f(rnd() * height)}" r="${f(maxR * (0.3 + rnd() * 0.7))}" fill="${colour}" opacity="${(0.08 + rnd() * 0.22).toFixed(2)}"/>`,
    );
  }
  return `<g filter="url(#blur6)">${dots.join('')}</g>`;
}

function brassBowl(x: number, y: number, r: number, withOil: boolean): string {
  return `<g transform="translate(${f(x)} ${f(y)})">
    <ellipse cx="${f(r * 0.12)}" cy="${f(r * 0.55)}" rx="${f(r * 1.1)}" ry="${f(r * 0.2)}" fill="#000" opacity="0.28" filter="url(#blur6)"/>
    <path d="M${f(-r)} 0 C ${f(-r)} ${f(r * 0.55)} ${f(-r * 0.5)} ${f(r * 0.62)} 0 ${f(r * 0.62)} C ${f(r * 0.5)} ${f(r * 0.62)} ${f(r)} ${f(r * 0.55)} ${f(r)} 0 Z" fill="url(#brass)"/>
    <ellipse rx="${f(r)}" ry="${f(r * 0.22)}" fill="#8a5f16"/>
    <ellipse rx="${f(r * 0.93)}" ry="${f(r * 0.18)}" fill="${withOil ? '#d99a1e' : '#5e3f0c'}"/>
    ${withOil ? `<ellipse cx="${f(-r * 0.3)}" cy="${f(-r * 0.03)}" rx="${f(r * 0.35)}" ry="${f(r * 0.05)}" fill="#ffe9a8" opacity="0.7"/>` : ''}
  </g>`;
}

function mortar(x: number, y: number, r: number): string {
  return `<g transform="translate(${f(x)} ${f(y)})">
    <ellipse cx="${f(r * 0.1)}" cy="${f(r * 0.82)}" rx="${f(r * 1.05)}" ry="${f(r * 0.18)}" fill="#000" opacity="0.3" filter="url(#blur6)"/>
    <rect x="${f(-r * 0.2)}" y="${f(-r * 1.35)}" width="${f(r * 0.24)}" height="${f(r * 1.2)}" rx="${f(r * 0.12)}" fill="#8c8376" transform="rotate(28)"/>
    <path d="M${f(-r)} 0 C ${f(-r)} ${f(r * 0.6)} ${f(-r * 0.55)} ${f(r * 0.8)} 0 ${f(r * 0.8)} C ${f(r * 0.55)} ${f(r * 0.8)} ${f(r)} ${f(r * 0.6)} ${f(r)} 0 Z" fill="#9a9184"/>
    <path d="M${f(-r)} 0 C ${f(-r)} ${f(r * 0.6)} ${f(-r * 0.55)} ${f(r * 0.8)} 0 ${f(r * 0.8)}" stroke="#fff" stroke-opacity="0.2" stroke-width="${f(r * 0.08)}" fill="none"/>
    <ellipse rx="${f(r)}" ry="${f(r * 0.2)}" fill="#b7aea0"/>
    <ellipse rx="${f(r * 0.82)}" ry="${f(r * 0.14)}" fill="#4e7a2b"/>
    <ellipse cx="${f(-r * 0.2)}" cy="${f(-r * 0.02)}" rx="${f(r * 0.4)}" ry="${f(r * 0.06)}" fill="#7aa846"/>
  </g>`;
}

// ---------------------------------------------------------------- containers with labels

type Container = 'oil' | 'pump' | 'jar' | 'tube' | 'dropper';

interface ProductArt {
  file: string;
  container: Container;
  name: string[];
  kind: string;
  size: string;
  glass: [string, string, string];
  cap: [string, string];
  label: string;
  ink: string;
  background: [string, string];
  props: (rnd: () => number) => string;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Font size that fits `text` into `width`, assuming DejaVu Serif Bold's average glyph width. */
function fitFont(text: string, width: number, max: number, glyph = 0.64): number {
  return Math.min(max, width / (text.length * glyph));
}

function label(x: number, y: number, w: number, h: number, art: ProductArt, plain = false): string {
  const cx = x + w / 2;
  // The name block fills the band between the brand line (0.24 h) and the divider (0.7 h).
  const band = h * 0.36;
  const nameSizes = art.name.map((line) => fitFont(line, w * 0.86, band / (art.name.length * 1.2)));
  const nameSize = Math.min(...nameSizes, h * 0.16);
  const lineGap = nameSize * 1.15;
  const nameTop = y + h * 0.475 - ((art.name.length - 1) * lineGap) / 2 + nameSize * 0.36;
  const names = art.name
    .map(
      (line, i) =>
        `<text x="${f(cx)}" y="${f(nameTop + i * lineGap)}" font-family="${SERIF}" font-weight="bold" font-size="${f(nameSize)}" fill="${art.ink}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
  const brandSize = Math.min(h * 0.075, w * 0.062);
  const panel = plain
    ? ''
    : `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(Math.min(w, h) * 0.05)}" fill="${art.label}"/>
    <rect x="${f(x + 6)}" y="${f(y + 6)}" width="${f(w - 12)}" height="${f(h - 12)}" rx="${f(Math.min(w, h) * 0.04)}" fill="none" stroke="${GOLD}" stroke-width="1.6"/>`;
  const emblemY = y + h * 0.1;
  return `${panel}
    <g transform="translate(${f(cx)} ${f(emblemY)})">
      <path d="M0 ${f(h * 0.06)} C ${f(-h * 0.05)} ${f(h * 0.02)} ${f(-h * 0.04)} ${f(-h * 0.03)} 0 ${f(-h * 0.05)} C ${f(h * 0.04)} ${f(-h * 0.03)} ${f(h * 0.05)} ${f(h * 0.02)} 0 ${f(h * 0.06)} Z" fill="${GREEN}"/>
      <path d="M0 ${f(h * 0.06)} L0 ${f(-h * 0.03)}" stroke="${GOLD}" stroke-width="1.2"/>
    </g>
    <text x="${f(cx)}" y="${f(y + h * 0.24)}" font-family="${SANS}" font-size="${f(brandSize)}" letter-spacing="${f(brandSize * 0.25)}" fill="${GOLD}" text-anchor="middle" font-weight="bold">KESH AYURVEDA</text>
    ${names}
    <line x1="${f(cx - w * 0.22)}" x2="${f(cx + w * 0.22)}" y1="${f(y + h * 0.7)}" y2="${f(y + h * 0.7)}" stroke="${GOLD}" stroke-width="1.2"/>
    <text x="${f(cx)}" y="${f(y + h * 0.8)}" font-family="${SANS}" font-size="${f(Math.min(h * 0.075, fitFont(art.kind, w * 0.85, 99, 0.58)))}" fill="${art.ink}" text-anchor="middle" opacity="0.85">${escapeXml(art.kind)}</text>
    <text x="${f(cx)}" y="${f(y + h * 0.92)}" font-family="${SANS}" font-size="${f(h * 0.065)}" fill="${art.ink}" text-anchor="middle" opacity="0.7">${escapeXml(art.size)}</text>`;
}

function glassGradient(id: string, [dark, mid, light]: [string, string, string]): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="${dark}"/><stop offset="0.28" stop-color="${mid}"/><stop offset="0.42" stop-color="${light}"/>
    <stop offset="0.7" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`;
}

function capGradient(id: string, [dark, light]: [string, string]): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="${dark}"/><stop offset="0.4" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`;
}

function ridges(x: number, y: number, w: number, h: number, step: number): string {
  const lines: string[] = [];
  for (let px = x + step; px < x + w; px += step) {
    lines.push(
      `<line x1="${f(px)}" x2="${f(px)}" y1="${f(y + 3)}" y2="${f(y + h - 3)}" stroke="#000" stroke-opacity="0.16" stroke-width="1.5"/>`,
    );
  }
  return lines.join('');
}

/** Draws a container standing on (0, 0), growing upwards; `uid` keeps gradient ids unique. */
function container(art: ProductArt, uid: string): string {
  const g = `glass-${uid}`;
  const c = `cap-${uid}`;
  const defs = `<defs>${glassGradient(g, art.glass)}${capGradient(c, art.cap)}</defs>`;
  const highlight = (x: number, y1: number, y2: number, w: number) =>
    `<rect x="${f(x)}" y="${f(y1)}" width="${f(w)}" height="${f(y2 - y1)}" rx="${f(w / 2)}" fill="#fff" opacity="0.28"/>`;
  switch (art.container) {
    case 'oil':
      return `${defs}
        <path d="M-110 -18 Q -110 0 -92 0 L 92 0 Q 110 0 110 -18 L 110 -290 C 110 -330 40 -335 36 -352 L 36 -380 L -36 -380 L -36 -352 C -40 -335 -110 -330 -110 -290 Z" fill="url(#${g})"/>
        ${highlight(-96, -285, -30, 13)}${highlight(84, -270, -60, 6)}
        ${label(-96, -255, 192, 200, art)}
        <rect x="-44" y="-462" width="88" height="90" rx="9" fill="url(#${c})"/>${ridges(-44, -455, 88, 76, 7)}
        <rect x="-44" y="-462" width="88" height="10" rx="5" fill="#fff" opacity="0.18"/>`;
    case 'pump':
      return `${defs}
        <rect x="-100" y="-340" width="200" height="340" rx="34" fill="url(#${g})"/>
        ${highlight(-84, -318, -30, 12)}
        ${label(-86, -290, 172, 215, art)}
        <rect x="-42" y="-384" width="84" height="50" rx="7" fill="url(#${c})"/>${ridges(-42, -380, 84, 42, 7)}
        <rect x="-9" y="-432" width="18" height="52" fill="url(#${c})"/>
        <rect x="-40" y="-462" width="80" height="34" rx="9" fill="url(#${c})"/>
        <path d="M36 -458 L 118 -458 Q 128 -458 128 -448 L 128 -442 L 36 -442 Z" fill="url(#${c})"/>`;
    case 'jar':
      return `${defs}
        <rect x="-150" y="-190" width="300" height="190" rx="24" fill="url(#${g})"/>
        ${highlight(-132, -175, -20, 12)}
        ${label(-132, -172, 264, 150, art)}
        <rect x="-160" y="-262" width="320" height="80" rx="14" fill="url(#${c})"/>${ridges(-160, -258, 320, 72, 9)}
        <rect x="-160" y="-262" width="320" height="12" rx="6" fill="#fff" opacity="0.2"/>`;
    case 'tube':
      return `${defs}
        <rect x="-62" y="-62" width="124" height="62" rx="12" fill="url(#${c})"/>${ridges(-62, -58, 124, 54, 8)}
        <path d="M-70 -60 C -74 -200 -112 -360 -112 -450 L 112 -450 C 112 -360 74 -200 70 -60 Z" fill="url(#${g})"/>
        <path d="M-62 -100 C -66 -200 -96 -330 -98 -410" stroke="#fff" stroke-opacity="0.35" stroke-width="10" fill="none" stroke-linecap="round"/>
        <rect x="-116" y="-482" width="232" height="36" rx="4" fill="url(#${g})"/>${ridges(-116, -480, 232, 32, 6)}
        ${label(-88, -410, 176, 230, art, true)}`;
    case 'dropper':
      return `${defs}
        <path d="M-85 -16 Q -85 0 -70 0 L 70 0 Q 85 0 85 -16 L 85 -225 C 85 -252 32 -256 28 -268 L 28 -280 L -28 -280 L -28 -268 C -32 -256 -85 -252 -85 -225 Z" fill="url(#${g})"/>
        ${highlight(-72, -220, -24, 10)}
        ${label(-72, -205, 144, 170, art)}
        <rect x="-38" y="-336" width="76" height="60" rx="6" fill="url(#gold)"/>${ridges(-38, -332, 76, 52, 6)}
        <path d="M-26 -336 L -26 -390 C -26 -432 26 -432 26 -390 L 26 -336 Z" fill="url(#${c})"/>
        <ellipse cx="-9" cy="-392" rx="5" ry="18" fill="#fff" opacity="0.25"/>`;
  }
}

function placed(art: ProductArt, uid: string, x: number, baseY: number, scale: number): string {
  return `<g transform="translate(${f(x)} ${f(baseY)}) scale(${scale})" filter="url(#shadow)">${container(art, uid)}</g>`;
}

// ---------------------------------------------------------------- the catalogue's artwork

const AMBER: [string, string, string] = ['#5e2c07', '#a85a14', '#e09a45'];
const PRODUCTS: ProductArt[] = [
  {
    file: 'hair-wash-powder',
    container: 'jar',
    name: ['Reetha Shikakai', 'Amla Powder'],
    kind: 'Herbal Hair Wash',
    size: '100 g',
    glass: ['#5a3a1c', '#9a6b3c', '#c99b67'],
    cap: ['#7c5a1a', '#e2bf62'],
    label: '#f7efdc',
    ink: GREEN,
    background: ['#fbf3e2', '#e6d5b3'],
    props: () =>
      `${soapnut(190, 700, 26)}${soapnut(236, 716, 22)}${soapnut(160, 735, 20)}${shikakaiPod(520, 700, 150, -12)}${shikakaiPod(540, 730, 130, 6)}${amla(640, 690, 30)}`,
  },
  {
    file: 'aloe-hibiscus-conditioner',
    container: 'tube',
    name: ['Aloe Vera &', 'Hibiscus'],
    kind: 'Conditioner',
    size: '200 ml',
    glass: ['#d6e4cc', '#f3f7ee', '#ffffff'],
    cap: ['#0e3d20', '#2f7a45'],
    label: '#ffffff',
    ink: GREEN,
    background: ['#fdf2f1', '#ecd2d0'],
    props: () => `${aloePlant(640, 700, 170)}${hibiscus(200, 640, 78, -20)}`,
  },
  {
    file: 'neem-tulsi-oil',
    container: 'oil',
    name: ['Neem & Tulsi'],
    kind: 'Anti-Dandruff Hair Oil',
    size: '100 ml',
    glass: ['#0f3a1c', '#2a6b36', '#5fa064'],
    cap: ['#6e5210', '#e6c35c'],
    label: CREAM,
    ink: GREEN,
    background: ['#f3f8ec', '#cfdfc2'],
    props: () =>
      `${sprig({ x: 130, y: 730, angle: -55, length: 230, pairs: 7, leafLength: 60, leafWidth: 11, fill: 'url(#leafB)', spread: 58 })}${sprig({ x: 690, y: 735, angle: -128, length: 210, pairs: 6, leafLength: 55, leafWidth: 10, fill: 'url(#leafA)', spread: 58 })}`,
  },
  {
    file: 'amla-shikakai-shampoo',
    container: 'pump',
    name: ['Amla &', 'Shikakai'],
    kind: 'Herbal Shampoo',
    size: '250 ml',
    glass: ['#0c3b1f', '#1f6a3a', '#4f9a62'],
    cap: ['#6e5210', '#e6c35c'],
    label: CREAM,
    ink: GREEN,
    background: ['#f7f9e9', '#d9e3b9'],
    props: () => `${amla(205, 690, 42)}${amla(150, 722, 34)}${amla(262, 728, 30)}${shikakaiPod(520, 720, 170, -8)}`,
  },
  {
    file: 'onion-kalonji-oil',
    container: 'oil',
    name: ['Onion & Kalonji'],
    kind: 'Hair-Fall Control Oil',
    size: '200 ml',
    glass: ['#2a0f2a', '#5b2350', '#9a5a8c'],
    cap: ['#6e5210', '#e6c35c'],
    label: CREAM,
    ink: '#4a1740',
    background: ['#faf1f6', '#e3cddb'],
    props: (rnd) => {
      let seeds = '';
      for (let i = 0; i < 40; i++) {
        seeds += `<ellipse cx="${f(520 + rnd() * 170)}" cy="${f(700 + rnd() * 40)}" rx="5" ry="2.6" fill="#1a1a1a" transform="rotate(${f(rnd() * 180)} ${f(600)} ${f(720)})"/>`;
      }
      return `${seeds}<g transform="translate(200 700)"><ellipse cx="6" cy="34" rx="62" ry="12" fill="#000" opacity="0.2" filter="url(#blur6)"/><path d="M0 -70 C 12 -40 70 -30 70 10 C 70 45 -70 45 -70 10 C -70 -30 -12 -40 0 -70 Z" fill="#b0415e"/><path d="M0 -70 C 6 -40 36 -20 38 20 M0 -70 C -6 -40 -36 -20 -38 20" stroke="#e6a2b4" stroke-opacity="0.6" stroke-width="3" fill="none"/><ellipse cx="-30" cy="0" rx="10" ry="20" fill="#fff" opacity="0.25"/></g>`;
    },
  },
  {
    file: 'hibiscus-methi-mask',
    container: 'jar',
    name: ['Hibiscus & Methi'],
    kind: 'Hair Mask',
    size: '200 g',
    glass: ['#ffffff', '#f4eee4', '#ffffff'],
    cap: ['#6e5210', '#e6c35c'],
    label: '#fff8f2',
    ink: '#8e1330',
    background: ['#fff1ee', '#f0cbc4'],
    props: (rnd) => {
      let methi = '';
      for (let i = 0; i < 45; i++) {
        methi += `<rect x="${f(540 + rnd() * 150)}" y="${f(705 + rnd() * 35)}" width="7" height="5" rx="2" fill="#c99a3a" transform="rotate(${f(rnd() * 90)} ${f(610)} ${f(720)})"/>`;
      }
      return `${hibiscus(175, 650, 92, 15)}${leaf({ x: 230, y: 720, length: 120, width: 30, angle: -10, fill: 'url(#leafB)' })}${methi}`;
    },
  },
  {
    file: 'rosemary-bhringraj-serum',
    container: 'dropper',
    name: ['Rosemary &', 'Bhringraj'],
    kind: 'Hair Growth Serum',
    size: '50 ml',
    glass: AMBER,
    cap: ['#0a2414', '#2d5a3c'],
    label: CREAM,
    ink: GREEN,
    background: ['#f1f6f0', '#cadbc9'],
    props: () =>
      `${sprig({ x: 120, y: 735, angle: -60, length: 240, pairs: 9, leafLength: 46, leafWidth: 6, fill: 'url(#leafDark)', spread: 40 })}${sprig({ x: 700, y: 735, angle: -120, length: 200, pairs: 4, leafLength: 70, leafWidth: 18, fill: 'url(#leafA)' })}${daisy(610, 560, 20)}${oilDrop(560, 700, 26)}`,
  },
  {
    file: 'bhringraj-hair-oil',
    container: 'oil',
    name: ['Bhringraj'],
    kind: 'Ayurvedic Hair Oil',
    size: '200 ml',
    glass: AMBER,
    cap: ['#0a2e18', '#2f7a45'],
    label: CREAM,
    ink: GREEN,
    background: ['#fbf6e6', '#e3d9b8'],
    props: () =>
      `${sprig({ x: 690, y: 740, angle: -115, length: 230, pairs: 4, leafLength: 78, leafWidth: 20, fill: 'url(#leafA)' })}${daisy(585, 545, 22)}${daisy(640, 590, 16)}${amla(190, 700, 40)}${amla(135, 730, 30)}${oilDrop(255, 735, 22)}`,
  },
];

function productShot(art: ProductArt, index: number): string {
  const rnd = random(100 + index);
  const W = 800;
  const back = [
    leaf({ x: 400, y: 480, length: 340, width: 72, angle: -140, fill: 'url(#leafB)', filter: 'blur2', opacity: 0.9 }),
    leaf({ x: 400, y: 480, length: 330, width: 68, angle: -40, fill: 'url(#leafA)', filter: 'blur2', opacity: 0.9 }),
    leaf({ x: 400, y: 530, length: 310, width: 62, angle: -165, fill: 'url(#leafC)', filter: 'blur2', opacity: 0.85 }),
    leaf({ x: 400, y: 530, length: 300, width: 60, angle: -15, fill: 'url(#leafB)', filter: 'blur2', opacity: 0.85 }),
  ].join('');
  const scale = art.container === 'jar' ? 1.12 : art.container === 'dropper' ? 1.32 : 1.08;
  return svg(
    W,
    W,
    `${background(W, W, art.background[0], art.background[1])}
    <circle cx="400" cy="380" r="300" fill="url(#glow)"/>
    ${bokeh(W, W * 0.7, 14, 7 + index, '#ffffff', 40)}
    ${back}
    <rect x="170" y="625" width="460" height="110" fill="url(#podium)"/>
    <ellipse cx="400" cy="735" rx="230" ry="26" fill="#cbbd9f"/>
    <ellipse cx="400" cy="625" rx="230" ry="38" fill="#fffaf0"/>
    <ellipse cx="400" cy="630" rx="150" ry="20" fill="#000" opacity="0.18" filter="url(#blur6)"/>
    ${placed(art, `p${index}`, 400, 632, scale)}
    <g transform="translate(0 -30)">${art.props(rnd)}</g>
    <rect width="${W}" height="${W}" fill="url(#vignette)"/>`,
  );
}

// ---------------------------------------------------------------- hero banners

function banner(index: number, hero: ProductArt, companions: string): string {
  const W = 1600;
  const H = 700;
  const rings = [150, 200, 250, 300]
    .map(
      (r, i) =>
        `<circle cx="1130" cy="350" r="${r}" fill="none" stroke="${GOLD}" stroke-opacity="${0.35 - i * 0.07}" stroke-width="${i % 2 ? 1 : 2}" ${i % 2 ? 'stroke-dasharray="4 10"' : ''}/>`,
    )
    .join('');
  return svg(
    W,
    H,
    `<linearGradient id="bannerBg" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="#06251a"/><stop offset="0.5" stop-color="${DEEP_GREEN}"/><stop offset="1" stop-color="#1d6b3b"/></linearGradient>
    <rect width="${W}" height="${H}" fill="url(#bannerBg)"/>
    <ellipse cx="1130" cy="360" rx="560" ry="380" fill="url(#goldGlow)"/>
    ${bokeh(W, H, 34, 40 + index, '#f3d27a', 34)}
    ${rings}
    ${sprig({ x: 1480, y: 720, angle: -130, length: 420, pairs: 5, leafLength: 130, leafWidth: 34, fill: 'url(#leafB)', opacity: 0.95 })}
    ${sprig({ x: 780, y: 740, angle: -60, length: 380, pairs: 5, leafLength: 120, leafWidth: 30, fill: 'url(#leafA)', opacity: 0.9 })}
    ${leaf({ x: 1600, y: 40, length: 300, width: 70, angle: 160, fill: 'url(#leafDark)', filter: 'blur2' })}
    ${leaf({ x: 1600, y: 120, length: 260, width: 60, angle: 190, fill: 'url(#leafB)', filter: 'blur2' })}
    <rect x="900" y="560" width="460" height="140" fill="url(#podiumDark)"/>
    <ellipse cx="1130" cy="560" rx="230" ry="34" fill="#1f5a37" stroke="${GOLD}" stroke-width="3"/>
    <ellipse cx="1130" cy="565" rx="150" ry="18" fill="#000" opacity="0.35" filter="url(#blur6)"/>
    ${placed(hero, `b${index}`, 1130, 566, hero.container === 'jar' ? 1.1 : 1.08)}
    ${companions}
    <linearGradient id="textShade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/></linearGradient>
    <rect width="${W}" height="${H}" fill="url(#textShade)"/>`,
  );
}

function byFile(file: string): ProductArt {
  const art = PRODUCTS.find((p) => p.file === file);
  if (!art) throw new Error(`no artwork for ${file}`);
  return art;
}

const BANNERS: { file: string; svg: string }[] = [
  {
    file: 'bhringraj-oil',
    svg: banner(
      0,
      byFile('bhringraj-hair-oil'),
      `${oilDrop(860, 200, 30, 0.95)}${oilDrop(1400, 260, 24, 0.9)}${oilDrop(920, 420, 18, 0.85)}${amla(1330, 600, 44)}${amla(1395, 630, 34)}${daisy(1365, 470, 22)}${daisy(1420, 520, 16)}`,
    ),
  },
  {
    file: 'herbal-shampoo',
    svg: banner(
      1,
      byFile('amla-shikakai-shampoo'),
      `${amla(900, 610, 48)}${amla(960, 640, 36)}${amla(1340, 620, 40)}${shikakaiPod(1290, 660, 170, -6)}${oilDrop(1390, 230, 22, 0.85)}`,
    ),
  },
  {
    file: 'hibiscus-mask',
    svg: banner(
      2,
      byFile('hibiscus-methi-mask'),
      `${hibiscus(880, 520, 95, -20)}${hibiscus(1400, 470, 75, 25)}${hibiscus(1330, 640, 55, 60)}`,
    ),
  },
];

// ---------------------------------------------------------------- gallery illustrations

function scene(bg: [string, string], body: string, seed: number): string {
  return svg(
    800,
    600,
    `${background(800, 600, bg[0], bg[1], 0.5, 0.4)}${bokeh(800, 600, 16, seed, '#ffffff', 36)}${body}<rect width="800" height="600" fill="url(#vignette)"/>`,
  );
}

/** A wooden table top from `top` to the bottom edge, with a few grain lines. */
function table(width: number, height: number, top: number): string {
  const grain = [0.25, 0.55, 0.8].map((t) => `M0 ${f(top + (height - top) * t)} H${width}`).join(' ');
  return `<rect y="${top}" width="${width}" height="${height - top}" fill="url(#wood)"/><path d="${grain}" stroke="#5a361d" stroke-opacity="0.25" stroke-width="2"/><rect y="${top - 4}" width="${width}" height="8" fill="#c08c5e" opacity="0.6"/>`;
}

const woodTable = table(800, 600, 430);

const GALLERY: { file: string; svg: string }[] = [
  {
    file: 'amla',
    svg: scene(
      ['#fbf7e4', '#dfe6b8'],
      `${woodTable}${leaf({ x: 150, y: 470, length: 520, width: 90, angle: -8, fill: 'url(#leafB)' })}${amla(300, 400, 70)}${amla(440, 410, 78)}${amla(370, 330, 66)}${amla(560, 440, 58)}${amla(230, 470, 48)}
      <g transform="translate(640 480)"><ellipse cx="6" cy="30" rx="70" ry="14" fill="#000" opacity="0.2" filter="url(#blur6)"/><ellipse rx="62" ry="52" fill="#a9c24a"/><ellipse rx="50" ry="40" fill="#e8eeb0"/><path d="M0 -40 V40 M-40 -22 L40 22 M-40 22 L40 -22" stroke="#c5d27a" stroke-width="3"/><circle r="9" fill="#b7a45a"/></g>`,
      1,
    ),
  },
  {
    file: 'bhringraj',
    svg: scene(
      ['#f3f8ee', '#c8dcc0'],
      `${sprig({ x: 80, y: 600, angle: -60, length: 470, pairs: 6, leafLength: 110, leafWidth: 24, fill: 'url(#leafA)' })}
      ${sprig({ x: 720, y: 620, angle: -118, length: 480, pairs: 6, leafLength: 115, leafWidth: 25, fill: 'url(#leafB)' })}
      ${sprig({ x: 400, y: 640, angle: -90, length: 420, pairs: 5, leafLength: 100, leafWidth: 22, fill: 'url(#leafC)' })}
      ${daisy(315, 180, 30)}${daisy(400, 220, 26)}${daisy(485, 170, 32)}${daisy(560, 260, 22)}${daisy(250, 270, 22)}`,
      2,
    ),
  },
  {
    file: 'neem',
    svg: scene(
      ['#eef5e6', '#bfd4b0'],
      [0, 1, 2, 3, 4, 5, 6]
        .map((i) =>
          sprig({
            x: 400,
            y: 650,
            angle: -160 + i * 23,
            length: 420 - (i % 2) * 60,
            pairs: 9,
            leafLength: 62,
            leafWidth: 13,
            fill: i % 2 ? 'url(#leafB)' : 'url(#leafA)',
            spread: 55,
            stem: '#6b7f2a',
          }),
        )
        .join('') + brassBowl(400, 520, 110, false),
      3,
    ),
  },
  {
    file: 'hibiscus',
    svg: scene(
      ['#fff3ef', '#f1c9c2'],
      `${leaf({ x: 400, y: 300, length: 300, width: 80, angle: -150, fill: 'url(#leafB)' })}${leaf({ x: 400, y: 300, length: 320, width: 80, angle: -20, fill: 'url(#leafA)' })}${leaf({ x: 400, y: 320, length: 280, width: 70, angle: 120, fill: 'url(#leafB)' })}${leaf({ x: 400, y: 320, length: 260, width: 64, angle: 40, fill: 'url(#leafC)' })}
      ${hibiscus(300, 300, 150, -15)}${hibiscus(560, 380, 120, 30)}${hibiscus(580, 150, 70, 70)}`,
      4,
    ),
  },
  {
    file: 'coconut',
    svg: scene(
      ['#f1f9f6', '#c5e0d6'],
      `${sprig({ x: -40, y: 80, angle: 20, length: 700, pairs: 9, leafLength: 190, leafWidth: 16, fill: 'url(#leafA)', spread: 70, opacity: 0.85 })}${woodTable}
      ${coconutWhole(200, 380, 110, 5)}${coconutHalf(430, 450, 115)}${brassBowl(650, 480, 95, true)}`,
      5,
    ),
  },
  {
    file: 'aloe-vera',
    svg: scene(
      ['#f4f9ef', '#d1e3c4'],
      `${woodTable}${aloePlant(400, 470, 300)}<path d="M300 470 L 500 470 L 480 580 L 320 580 Z" fill="#b5673e"/><rect x="288" y="455" width="224" height="30" rx="6" fill="#c97a4d"/>
      <g transform="translate(640 520) rotate(-15)"><path d="M-90 0 C -60 -30 60 -30 90 0 C 60 18 -60 18 -90 0 Z" fill="#4f8a34"/><path d="M-80 -2 C -55 -22 55 -22 80 -2 C 55 10 -55 10 -80 -2 Z" fill="#dcefc9" opacity="0.9"/></g>`,
      6,
    ),
  },
  {
    file: 'reetha-shikakai',
    svg: scene(
      ['#fbf3e3', '#e3cfa9'],
      (() => {
        let nuts = '';
        const rnd = random(77);
        for (let i = 0; i < 16; i++) nuts += soapnut(300 + (rnd() - 0.5) * 220, 352 + rnd() * 34, 22 + rnd() * 8);
        return `${woodTable}<g transform="translate(300 420)"><ellipse cx="10" cy="60" rx="170" ry="22" fill="#000" opacity="0.25" filter="url(#blur6)"/><path d="M-160 -40 C -150 60 150 60 160 -40 Z" fill="url(#wood)"/><ellipse cy="-40" rx="160" ry="34" fill="#5a371d"/></g>${nuts}
        ${shikakaiPod(470, 480, 220, -14)}${shikakaiPod(500, 520, 200, -4)}${shikakaiPod(520, 560, 190, 6)}${soapnut(700, 540, 26)}${soapnut(650, 570, 22)}`;
      })(),
      7,
    ),
  },
  {
    file: 'herbal-oil',
    svg: scene(
      ['#fdf6e3', '#e8d6a8'],
      `${woodTable}${sprig({ x: 40, y: 470, angle: -30, length: 300, pairs: 4, leafLength: 90, leafWidth: 22, fill: 'url(#leafA)' })}${brassBowl(360, 470, 150, true)}${mortar(620, 480, 90)}${hibiscus(170, 520, 60, 20)}${amla(540, 560, 30)}
      ${oilDrop(360, 300, 34)}${oilDrop(360, 380, 14, 0.9)}`,
      8,
    ),
  },
];

// ---------------------------------------------------------------- storefront pictures

function storeScene(width: number, height: number, body: string, bg: [string, string], seed: number): string {
  return svg(
    width,
    height,
    `${background(width, height, bg[0], bg[1], 0.5, 0.35)}${bokeh(width, height * 0.7, 18, seed, '#ffffff', 40)}${body}<rect width="${width}" height="${height}" fill="url(#vignette)"/>`,
  );
}

const ABOUT = storeScene(
  1000,
  750,
  `${sprig({ x: 1040, y: 120, angle: 160, length: 520, pairs: 6, leafLength: 140, leafWidth: 34, fill: 'url(#leafB)', opacity: 0.9 })}
  ${sprig({ x: -40, y: 160, angle: 20, length: 420, pairs: 5, leafLength: 120, leafWidth: 30, fill: 'url(#leafA)', opacity: 0.85 })}
  ${table(1000, 750, 600)}
  ${placed(byFile('hibiscus-methi-mask'), 'a1', 250, 606, 0.8)}
  ${placed(byFile('bhringraj-hair-oil'), 'a2', 500, 606, 1.05)}
  ${placed(byFile('amla-shikakai-shampoo'), 'a3', 745, 606, 0.95)}
  ${amla(90, 640, 38)}${amla(150, 662, 30)}${hibiscus(905, 600, 62, 20)}${oilDrop(620, 650, 18)}`,
  ['#fbf6e6', '#e3d7b5'],
  21,
);

const WHY_US = storeScene(
  1000,
  750,
  `${table(1000, 750, 540)}
  ${sprig({ x: 1060, y: 60, angle: 150, length: 560, pairs: 7, leafLength: 150, leafWidth: 36, fill: 'url(#leafA)', opacity: 0.9 })}
  ${sprig({ x: -60, y: 40, angle: 30, length: 500, pairs: 8, leafLength: 70, leafWidth: 14, fill: 'url(#leafB)', spread: 55, opacity: 0.9 })}
  ${mortar(330, 560, 130)}${brassBowl(640, 580, 120, true)}
  ${placed(byFile('neem-tulsi-oil'), 'w1', 840, 600, 0.8)}
  ${hibiscus(130, 600, 70, -10)}${amla(500, 650, 36)}${amla(555, 672, 28)}${daisy(220, 690, 22)}${oilDrop(640, 420, 28)}`,
  ['#f2f7ea', '#cbdcbb'],
  22,
);

function carousel(index: number, body: string, bg: [string, string]): string {
  return storeScene(800, 600, body, bg, 30 + index);
}

const CAROUSEL: string[] = [
  carousel(
    1,
    `${table(800, 600, 480)}${placed(byFile('onion-kalonji-oil'), 'c1', 300, 486, 0.85)}${placed(byFile('rosemary-bhringraj-serum'), 'c1b', 520, 486, 0.95)}${hibiscus(660, 470, 60, 10)}${sprig({ x: 20, y: 520, angle: -50, length: 240, pairs: 4, leafLength: 70, leafWidth: 18, fill: 'url(#leafA)' })}`,
    ['#faf1f6', '#e0c7d6'],
  ),
  carousel(
    2,
    `${leaf({ x: 400, y: 300, length: 360, width: 100, angle: -160, fill: 'url(#leafB)' })}${leaf({ x: 400, y: 300, length: 360, width: 100, angle: -20, fill: 'url(#leafA)' })}${hibiscus(230, 380, 110, -10)}${amla(450, 420, 60)}${amla(530, 440, 48)}${coconutHalf(620, 330, 90)}${daisy(420, 250, 30)}${oilDrop(340, 200, 30)}`,
    ['#fff6ea', '#ecd8b8'],
  ),
  carousel(
    3,
    `${table(800, 600, 480)}${aloePlant(160, 480, 230)}${placed(byFile('aloe-hibiscus-conditioner'), 'c3', 430, 486, 0.85)}${placed(byFile('hair-wash-powder'), 'c3b', 640, 486, 0.7)}`,
    ['#f3f8ee', '#cfe0c4'],
  ),
  carousel(
    4,
    `${table(800, 600, 480)}${brassBowl(250, 470, 120, true)}${oilDrop(250, 300, 32)}${sprig({ x: 820, y: 500, angle: -120, length: 240, pairs: 4, leafLength: 80, leafWidth: 20, fill: 'url(#leafB)' })}${placed(byFile('bhringraj-hair-oil'), 'c4', 510, 486, 0.85)}`,
    ['#fbf6e6', '#e2d3a8'],
  ),
  carousel(
    5,
    `${sprig({ x: -30, y: 640, angle: -55, length: 520, pairs: 9, leafLength: 70, leafWidth: 14, fill: 'url(#leafA)', spread: 55 })}${sprig({ x: 830, y: 640, angle: -125, length: 520, pairs: 9, leafLength: 70, leafWidth: 14, fill: 'url(#leafB)', spread: 55 })}${placed(byFile('amla-shikakai-shampoo'), 'c5', 400, 560, 0.95)}${amla(230, 540, 44)}${amla(575, 545, 40)}`,
    ['#f6f9e8', '#d5e2b3'],
  ),
];

const TESTIMONIAL_AVATARS: { file: string; initials: string; colours: [string, string] }[] = [
  { file: 'priya-sharma', initials: 'PS', colours: ['#1f6b3b', GREEN] },
  { file: 'rahul-mehta', initials: 'RM', colours: ['#d4a62a', '#a97d12'] },
  { file: 'anjali-patel', initials: 'AP', colours: ['#b83a55', '#8e1330'] },
  { file: 'vikram-desai', initials: 'VD', colours: ['#3d6f8e', '#244a63'] },
];

function avatar(initials: string, [light, dark]: [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
    <circle cx="80" cy="80" r="78" fill="url(#g)"/><circle cx="80" cy="80" r="72" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="2"/>
    <text x="80" y="99" font-family="${SERIF}" font-weight="bold" font-size="56" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
}

/** Browsers render this one, so it names fonts they have and keeps everything as vectors. */
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="280" height="64" viewBox="0 0 280 64" role="img" aria-label="Kesh Ayurveda">
  <title>Kesh Ayurveda</title>
  <g transform="translate(32 32)">
    <circle r="29" fill="${GREEN}"/>
    <circle r="25" fill="none" stroke="${GOLD}" stroke-width="1.5"/>
    <path d="M0 17 C -15 8 -14 -10 0 -19 C 14 -10 15 8 0 17 Z" fill="#8cc46a"/>
    <path d="M0 17 C -8 4 -8 -6 -2 -15 C -12 -8 -12 8 0 17 Z" fill="#5f9c3c"/>
    <path d="M0 19 V -13 M0 5 L -7 -2 M0 -3 L 6 -9 M0 10 L 7 3" stroke="${GOLD}" stroke-width="1.6" stroke-linecap="round" fill="none"/>
  </g>
  <text x="72" y="34" font-family="Georgia, 'Times New Roman', serif" font-size="27"><tspan font-weight="700" fill="${GREEN}">Kesh</tspan> <tspan font-style="italic" fill="${GOLD}">Ayurveda</tspan></text>
  <text x="73" y="53" font-family="Arial, Helvetica, sans-serif" font-size="9.5" letter-spacing="2.6" fill="${GREEN}" opacity="0.8">PURE HERBAL HAIR CARE</text>
</svg>
`;

// ---------------------------------------------------------------- rendering

async function writeJpeg(file: string, source: string, quality = 80): Promise<number> {
  await mkdir(path.dirname(file), { recursive: true });
  const data = await sharp(Buffer.from(source)).jpeg({ quality, mozjpeg: true }).toBuffer();
  await writeFile(file, data);
  return data.length;
}

async function main(): Promise<void> {
  const written: [string, number][] = [];
  const jpeg = async (file: string, source: string, quality?: number) =>
    written.push([path.relative(path.resolve(here, '../..'), file), await writeJpeg(file, source, quality)]);

  for (const [i, art] of PRODUCTS.entries())
    await jpeg(path.join(SEED_DIR, 'products', `${art.file}.jpg`), productShot(art, i));
  for (const b of BANNERS) await jpeg(path.join(SEED_DIR, 'sliders', `${b.file}.jpg`), b.svg, 78);
  for (const g of GALLERY) await jpeg(path.join(SEED_DIR, 'gallery', `${g.file}.jpg`), g.svg);

  await jpeg(path.join(CLIENT_IMAGES, 'about.jpg'), ABOUT);
  await jpeg(path.join(CLIENT_IMAGES, 'why-us.jpg'), WHY_US);
  for (const [i, source] of CAROUSEL.entries())
    await jpeg(path.join(CLIENT_IMAGES, 'carousel', `${i + 1}.jpg`), source);

  const avatarDir = path.join(CLIENT_IMAGES, 'testimonials');
  await mkdir(avatarDir, { recursive: true });
  for (const a of TESTIMONIAL_AVATARS) {
    const data = await sharp(Buffer.from(avatar(a.initials, a.colours)))
      .webp({ quality: 85 })
      .toBuffer();
    await writeFile(path.join(avatarDir, `${a.file}.webp`), data);
    written.push([`client/public/images/testimonials/${a.file}.webp`, data.length]);
  }
  await writeFile(path.join(CLIENT_IMAGES, 'logo.svg'), LOGO);

  for (const [file, size] of written) console.log(`${(size / 1024).toFixed(1).padStart(6)} kB  ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
