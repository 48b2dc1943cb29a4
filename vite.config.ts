import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('./web'),
  plugins: [react(), tailwindcss()],
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
