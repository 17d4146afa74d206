import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const apiTarget = 'http://localhost:3000';

/** The SPA: built into dist/web (served by the api), dev server proxies the api and socket.io. */
export default defineConfig({
  root: here('.'),
  plugins: [react()],
  resolve: { alias: { '@app/contracts': here('../../libs/contracts/src/index.ts') } },
  build: {
    outDir: here('../../dist/web'),
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
});
