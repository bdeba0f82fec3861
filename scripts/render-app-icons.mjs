#!/usr/bin/env node
// Renders the installed app's icons (apps/web/public/icons/*.png, named by the web app manifest
// and index.html) from apps/web/public/favicon.svg in the system Chromium. Run once after the
// favicon changes and commit the PNGs: the build does not render them (it needs no browser).
//
//   node scripts/render-app-icons.mjs
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ensureChromium } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const publicDir = path.join(root, 'apps/web/public');
const outDir = path.join(publicDir, 'icons');

/** The favicon's own background, under the glyph of the full-bleed icons. */
const background = '#4c6ef5';

/**
 * - `any`: the favicon as it is, its rounded corners transparent (Chromium's install prompt,
 *   the desktop app list).
 * - `maskable`: full-bleed background, the glyph at 75 % so that it stays inside the safe zone
 *   (the centred circle of 80 % diameter) whatever shape Android cuts out.
 * - `apple-touch-icon`: iOS rounds the corners itself and shows transparency as black, so the
 *   square is filled to the edge.
 */
const icons = [
  { file: 'icon-192.png', size: 192, fill: null, scale: 1 },
  { file: 'icon-512.png', size: 512, fill: null, scale: 1 },
  { file: 'icon-maskable-512.png', size: 512, fill: background, scale: 0.75 },
  { file: 'apple-touch-icon-180.png', size: 180, fill: background, scale: 1 },
];

const found = ensureChromium();
if (!found.ok) {
  console.error(found.message);
  process.exit(1);
}
const svg = await fs.readFile(path.join(publicDir, 'favicon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: found.path,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  await fs.mkdir(outDir, { recursive: true });
  for (const { file, size, fill, scale } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const glyph = size * scale;
    const offset = (size - glyph) / 2;
    const image = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">
        <div style="position:relative;width:${size}px;height:${size}px;background:${fill ?? 'transparent'}">
          <img src="${image}" width="${glyph}" height="${glyph}"
            style="position:absolute;left:${offset}px;top:${offset}px">
        </div></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({
      path: path.join(outDir, file),
      clip: { x: 0, y: 0, width: size, height: size },
      omitBackground: fill === null,
    });
    console.log(`apps/web/public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
