import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { helpGuides } from './vite-help-guides';

// Served at / by the API server from dist/; in dev, /api goes to the API server on port 3000.
export default defineConfig({
  base: '/',
  plugins: [react(), tailwindcss(), helpGuides()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: { port: 5173 },
});
