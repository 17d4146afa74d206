import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const apiTarget = 'http://localhost:3000';

/** The SPA: built into dist/web (served by the api), dev server proxies the api and socket.io. */
export default defineConfig({
  root: here('.'),
  plugins: [react(), precompress()],
  resolve: { alias: { '@app/contracts': here('../../libs/contracts/src/index.ts') } },
  build: {
    outDir: here('../../dist/web'),
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (what the login page runs) in one chunk: rolldown otherwise splits
          // the modules the lazy pages share with it into ~14 small chunks, each a request (Chromium counts 300 B
          // per response) compressed on its own. Only the initial modules themselves, not what they re-export (the
          // @chakra-ui/react barrel would pull every component in).
          groups: [{ name: 'index', tags: ['$initial'], includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
});
