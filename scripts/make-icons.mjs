#!/usr/bin/env node
// Draws the app icons (web/public/icons/*.png) from the logo's floorboard tile (web/src/ui/Logo.tsx)
// with sharp: `node scripts/make-icons.mjs`. The PNGs are committed; run this after the logo changes.
//  - icon-192.png, icon-512.png: the rounded tile on a transparent ground ("any": browsers show it as it is);
//  - icon-maskable-512.png: full-bleed oak ground, the boards inside the central safe zone (a circle of
//    80 % of the width), so any mask a launcher cuts keeps them whole;
//  - apple-touch-icon.png (180 px): full-bleed and opaque, since iOS rounds the corners itself and
//    would fill transparency with black.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT } from './build-stamp.mjs';

const sharp = createRequire(path.join(ROOT, 'server/package.json'))('sharp');
const OAK = '#8a5a24'; // theme.ts: oak shade 8, the primary colour
const BOARD = '#f6e7d3';
const OUT = path.join(ROOT, 'web/public/icons');

/** The boards of the logo in its 32×32 box, scaled by `scale` around the centre. */
function boards(scale) {
  const t = `translate(16 16) scale(${scale}) translate(-16 -16)`;
  return `<g transform="${t}" stroke="${BOARD}" stroke-linecap="round">
  <path d="M7 22h18M7 17h18M7 12h18" stroke-width="2.4"/>
  <path d="M13 12v5M20 17v5M18 7.5v4.5" stroke-width="1.6" opacity="0.7"/>
</g>`;
}

const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${OAK}"/>${boards(1)}</svg>`;
// The logo's boards span 18 of 32 units across (7…25) and reach up to 7.5: at 0.75 their
// corners stay inside the safe circle of radius 12.8 (40 % of 32).
const fullBleed = (scale) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${OAK}"/>${boards(scale)}</svg>`;

const render = (svg, size, file) =>
  sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: false })
    .toFile(path.join(OUT, file));

fs.mkdirSync(OUT, { recursive: true });
await Promise.all([
  render(tile, 192, 'icon-192.png'),
  render(tile, 512, 'icon-512.png'),
  render(fullBleed(0.75), 512, 'icon-maskable-512.png'),
  render(fullBleed(0.85), 180, 'apple-touch-icon.png'),
]);
console.log(`Icons in ${path.relative(ROOT, OUT)}`);
