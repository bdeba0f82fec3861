import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server of `npm run dev` (PORT default of the runtime contract). */
const apiTarget = 'http://localhost:8081';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Text files worth compressing; images and fonts of the build are compressed already. */
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the build, which the
 * server sends as they are to browsers that accept them (@fastify/static `preCompressed`), and
 * last a `.build-stamp` holding the time the build started: `npm start` rebuilds only when a
 * source is newer than that (scripts/ensure-web-build.mjs).
 */
function precompressAndStamp(): Plugin {
  let startedAt = 0;
  return {
    name: 'teamup:precompress-and-stamp',
    apply: 'build',
    buildStart() {
      startedAt = Date.now();
    },
    async writeBundle(options) {
      const outDir = options.dir;
      if (!outDir) return;
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

export default defineConfig({
  plugins: [react(), precompressAndStamp()],
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
          ],
        },
      },
    },
  },
});
