import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { finishIndexHtml } from './vite-prerender';
import { writeServiceWorker } from './vite-service-worker';

/** The API server of `npm run dev` (PORT default of the runtime contract). */
const apiTarget = 'http://localhost:8081';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Text files worth compressing; images and fonts of the build are compressed already. */
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

/**
 * Finishes index.html (the login page rendered at build time, vite-prerender.ts), builds the
 * service worker with the finished build's file list (vite-service-worker.ts), then writes a
 * brotli (.br) and a gzip (.gz) copy beside each text file of the build, which the
 * server sends as they are to browsers that accept them (@fastify/static `preCompressed`), and
 * last a `.build-stamp` holding the time the build started: `npm start` rebuilds only when a
 * source is newer than that (scripts/ensure-web-build.mjs).
 */
function prerenderPrecompressAndStamp(): Plugin {
  let startedAt = 0;
  return {
    name: 'teamup:prerender-precompress-and-stamp',
    apply: 'build',
    buildStart() {
      startedAt = Date.now();
    },
    async writeBundle(options) {
      const outDir = options.dir;
      if (!outDir) return;
      await finishIndexHtml(import.meta.dirname, outDir);
      await writeServiceWorker(import.meta.dirname, outDir);
      const files = (await fs.readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && compressible.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const original = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(original, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
              },
            }),
            gzip(original, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          // A copy no smaller than the file is left out: the server then sends the file itself.
          if (br.length < original.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < original.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
      await fs.writeFile(
        path.join(outDir, '.build-stamp'),
        `${JSON.stringify({ startedAt, finishedAt: Date.now() })}\n`,
      );
    },
  };
}

/** The modules of the first screen after a signed-in start, as the route table loads them. */
const signedInScreen = [
  'src/app/layouts/protected-layout.tsx',
  'src/features/workspaces/components/workspace-route-guard.tsx',
  'src/app/pages/workspace-home-page.tsx',
].map((file) => path.join(import.meta.dirname, file));
/**
 * What loads on demand without signing in (the other public pages, the login's 2-step form, the
 * toasts' container): none of it may wait on the signed-in chunk.
 */
const publicOnDemand = [
  'src/features/auth/pages/signup-page.tsx',
  'src/features/auth/pages/forgot-password-page.tsx',
  'src/features/auth/pages/oauth-success-page.tsx',
  'src/features/auth/components/two-factor-step.tsx',
  'src/app/notifications-container.tsx',
].map((file) => path.join(import.meta.dirname, file));

/** Packages whose entry re-exports everything, by the specifier code imports them with. */
const barrelSpecifiers = ['@mantine/core', '@mantine/hooks', '@tabler/icons-react'];
const barrel =
  /node_modules[\\/](?:@mantine[\\/](?:core|hooks)[\\/]esm[\\/]index\.mjs|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react\.mjs)$/;
/** `a` of `a`, `a as b` (`imported`) or `b` (`local`), in an import or export list. */
const bindingName = (entry: string, side: 'imported' | 'local') => {
  const words = entry.trim().split(/\s/).filter(Boolean);
  return (side === 'imported' ? words[0] : words.at(-1)) ?? '';
};

/**
 * Finds, once the module graph is known, the modules the signed-in first screen imports (the
 * frame, the workspace route and the home page) that neither the entry (the login page) nor what
 * loads on demand without signing in imports: the `signed-in` chunk group below puts them in one
 * chunk. That set is closed under static imports of what stays outside (nothing outside imports
 * a member), so the group takes no dependencies beyond it and makes no import cycle. Left to the
 * splitter they came as some 60 chunks of a few hundred bytes each, which a phone on a slow
 * network fetches a few at a time.
 */
function signedInChunk(): { plugin: Plugin; has: (id: string) => boolean } {
  const members = new Set<string>();
  return {
    has: (id) => members.has(id),
    plugin: {
      name: 'teamup:signed-in-chunk',
      apply: 'build',
      buildEnd() {
        // A barrel (`@mantine/core`, its hooks, the icons) re-exports hundreds of modules of
        // which an importer takes a few and the bundle keeps only those: the walk follows the
        // names imported from it, as tree-shaking does, not every module it names.
        const barrelTargets = new Map<string, Map<string, string>>();
        const targetsOf = (barrel: string) => {
          let targets = barrelTargets.get(barrel);
          if (targets) return targets;
          targets = new Map();
          const code = this.getModuleInfo(barrel)?.code ?? '';
          const dir = path.dirname(barrel);
          for (const [, names = '', from = ''] of code.matchAll(
            /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g,
          )) {
            for (const name of names.split(',')) {
              const local = bindingName(name, 'local');
              if (local) targets.set(local, path.resolve(dir, from));
            }
          }
          for (const [, name = '', from = ''] of code.matchAll(
            /export\s*\{\s*default\s+as\s+(\w+)\s*\}\s*from\s*["']([^"']+)["']/g,
          )) {
            targets.set(name, path.resolve(dir, from));
          }
          barrelTargets.set(barrel, targets);
          return targets;
        };
        /** What a module imports: through a barrel, the modules of the names it takes. */
        const importsOf = (id: string): string[] => {
          const info = this.getModuleInfo(id);
          if (!info) return [];
          const imported: string[] = [];
          for (const dependency of info.importedIds) {
            if (!barrel.test(dependency) || barrel.test(id)) {
              imported.push(dependency);
              continue;
            }
            const targets = targetsOf(dependency);
            const specifier = barrelSpecifiers.find((name) => dependency.includes(name)) ?? '';
            const named = [
              ...(info.code ?? '').matchAll(
                new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${specifier}["']`, 'g'),
              ),
            ].flatMap(([, names = '']) =>
              names.split(',').map((name) => bindingName(name, 'imported')),
            );
            // Anything else (a namespace import, no code to read): the whole barrel, to be safe.
            if (!info.code || named.length === 0) imported.push(dependency);
            for (const name of named) {
              const target = targets.get(name);
              if (target) imported.push(target);
            }
          }
          return imported;
        };
        const staticClosure = (starts: string[], skip = new Set<string>()) => {
          const seen = new Set<string>();
          const stack = [...starts];
          while (stack.length > 0) {
            const id = stack.pop() as string;
            if (seen.has(id) || skip.has(id)) continue;
            seen.add(id);
            stack.push(...importsOf(id));
          }
          return seen;
        };
        const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
        const outside = staticClosure([...entries, ...publicOnDemand]);
        members.clear();
        for (const id of staticClosure(signedInScreen, outside)) members.add(id);
      },
    },
  };
}

/**
 * Mantine's `useId` (which every AppShell part, Tooltip, Popover and Input calls) starts from
 * React's id and then, in a layout effect, swaps it for a random one: a state update inside the
 * commit, which makes React re-render synchronously and flush every pending effect of the page
 * with it. The signed-in first screen's commit became one long task that way (about 100 ms at
 * 4x CPU throttling). React's ids (`_r_1_` since React 19.1) are unique, stable and valid in CSS
 * selectors, which is all Mantine uses them for: this keeps the first one.
 */
const mantineUseIdFile = /@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
function mantineStableId(): Plugin {
  let replaced = false;
  return {
    name: 'teamup:mantine-stable-id',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      replaced = false;
    },
    buildEnd(error) {
      // A Mantine that moved the file: say so rather than silently bring the re-render back.
      if (!error && !replaced) this.error('mantine-stable-id: @mantine/hooks use-id.mjs not found');
    },
    load(id) {
      if (!mantineUseIdFile.test(id)) return null;
      replaced = true;
      return [
        "import { useId as useReactId } from 'react';",
        'export function useId(staticId) {',
        '  const reactId = `mantine-${useReactId().replace(/:/g, "")}`;',
        "  return typeof staticId === 'string' ? staticId : reactId;",
        '}',
      ].join('\n');
    },
  };
}

const signedIn = signedInChunk();

export default defineConfig({
  plugins: [mantineStableId(), react(), prerenderPrecompressAndStamp(), signedIn.plugin],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/ws': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    // Served by the API server from apps/web/dist. The output has no inline script (the CSP
    // allows script-src 'self' only) and no font or asset from another origin.
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and the query cache, which every page needs and which change rarely, get their
        // own long-cached chunks. Mantine is left to the splitter: the login page takes only the
        // components it shows, and the date pickers, drop zone and the rest arrive with the pages
        // that use them (one all-Mantine chunk put 150 KB gzip'd on the first load).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // What the signed-in first screen needs beyond the login page, in one chunk
            // (signedInChunk above): the frame, the workspace route and the home page.
            { name: 'signed-in', test: signedIn.has, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
