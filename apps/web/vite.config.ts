import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The workspace packages are bundled from source, so the app builds without
// their dist/ and always matches them. `vite` (dev) proxies the API to a running server.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@gatehouse/client': source('../../packages/client/src/index.ts'),
      '@gatehouse/core/client': source('../../packages/core/src/client.ts'),
      '@gatehouse/react': source('../../packages/react/src/index.ts'),
    },
  },
  server: {
    proxy: { '/api': process.env.GATEHOUSE_API ?? 'http://localhost:3000' },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
