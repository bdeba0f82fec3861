import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/** Where index.html takes the prerendered login page (`<div id="root">` holds only this). */
export const loginMarkupSlot = '<!--prerendered-login-->';
const entry = 'src/prerender/login-markup.tsx';

/**
 * Finishes the built index.html in `outDir` (decision 0018): puts the login page rendered to
 * HTML into it, hands the app's scripts over to boot.js (handOverScriptsToBoot), and gives
 * boot.js a content-hashed name under assets/ so that browsers keep it for a year like the rest.
 * The page's module (src/prerender/login-markup.tsx) is bundled for Node by a second,
 * server-side Vite build into a scratch folder under node_modules (where Node finds React and
 * Mantine, which the bundle leaves as imports), loaded, called once, and the folder removed.
 */
export async function finishIndexHtml(root: string, outDir: string): Promise<void> {
  const modules = path.join(root, 'node_modules');
  await fs.mkdir(modules, { recursive: true });
  const scratch = await fs.mkdtemp(path.join(modules, '.prerender-'));
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      plugins: [react()],
      build: { ssr: entry, outDir: scratch, emptyOutDir: true, minify: false },
    });
    const bundle = path.join(scratch, `${path.basename(entry, path.extname(entry))}.js`);
    const { loginMarkup } = (await import(pathToFileURL(bundle).href)) as {
      loginMarkup: () => string;
    };
    const indexFile = path.join(outDir, 'index.html');
    const index = await fs.readFile(indexFile, 'utf8');
    if (!index.includes(loginMarkupSlot)) {
      throw new Error(`index.html has no ${loginMarkupSlot} slot for the prerendered login page`);
    }
    // A function replacement: the markup's `$` characters are not replacement patterns.
    const prerendered = index.replace(loginMarkupSlot, () => loginMarkup());
    const bootFile = path.join(outDir, 'boot.js');
    const boot = await fs.readFile(bootFile);
    const hash = createHash('sha256').update(boot).digest('base64url').slice(0, 8);
    const hashedBoot = `assets/boot-${hash}.js`;
    await fs.writeFile(path.join(outDir, hashedBoot), boot);
    await fs.rm(bootFile);
    await fs.writeFile(
      indexFile,
      handOverScriptsToBoot(prerendered).replace(
        bootScript,
        `<script src="/${hashedBoot}"></script>`,
      ),
    );
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

const moduleScript = /^<script type="module" crossorigin src="([^"]+)"><\/script>$/;
const modulePreload = /^<link rel="modulepreload" crossorigin href="([^"]+)">$/;
const stylesheet = /^<link rel="stylesheet" crossorigin href="[^"]+">$/;
const bootScript = '<script src="/boot.js"></script>';

/**
 * The app's entry script and its preloads leave index.html for a `<meta name="teamup-app">`
 * that public/boot.js reads: on a prerendered login page it asks for them once the page has
 * painted (a slow network then spends its first round trips on the page and its stylesheet, not
 * on 170 KB of script the form does not need to show), otherwise at once. Vite writes each of
 * these tags on a line of its own.
 */
export function handOverScriptsToBoot(index: string): string {
  const entries: string[] = [];
  const preloads: string[] = [];
  const styles: string[] = [];
  const kept: string[] = [];
  for (const line of index.split('\n')) {
    const tag = line.trim();
    const entry = moduleScript.exec(tag)?.[1];
    const preload = modulePreload.exec(tag)?.[1];
    if (entry) entries.push(entry);
    else if (preload) preloads.push(preload);
    else if (stylesheet.test(tag)) styles.push(tag);
    else kept.push(line);
  }
  const bootLine = kept.findIndex((line) => line.trim() === bootScript);
  if (entries.length !== 1 || bootLine === -1) {
    throw new Error('index.html: expected one module entry script and the boot script');
  }
  const indent = (kept[bootLine] ?? '').replace(bootScript, '');
  const meta = `<meta name="teamup-app" content="${entries[0]}" data-preload="${preloads.join(' ')}" />`;
  // The stylesheet after boot.js: a script waits for the stylesheets above it before it runs,
  // and the scripts it asks for would wait with it (the browser still fetches both at once).
  kept.splice(bootLine + 1, 0, ...styles.map((tag) => indent + tag));
  kept.splice(bootLine, 0, indent + meta);
  return kept.join('\n');
}
