import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('./web'),
  // Brotli and gzip copies beside each file, which the server sends to browsers that accept them
  // (server/plugins/web-app.ts, preCompressed): compressed once at build, not per request.
  plugins: [react(), tailwindcss(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  resolve: {
    alias: {
      '@contract': here('./contract'),
      '@': here('./web'),
    },
  },
  build: {
    outDir: here('./dist/web'),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:5000',
      '/oidc': 'http://localhost:5000',
      '/invite': 'http://localhost:5000',
    },
  },
});
