import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server of `npm run dev` (PORT default of the runtime contract). */
const apiTarget = 'http://localhost:8081';

export default defineConfig({
  plugins: [react()],
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
        // Libraries that change rarely get their own long-cached chunks; zod and the pages stay
        // in the lazily loaded chunks that need them.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
});
