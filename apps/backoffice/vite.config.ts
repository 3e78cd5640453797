import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The back office is a second app of its own (issue 28): its own build, served under
 * /backoffice/ by the same server (or from BACKOFFICE_ORIGIN), so nothing of it can enter the
 * players' bundle. The dev server forwards /api to the local API server, as apps/web's does.
 */
export default defineConfig({
  base: '/backoffice/',
  plugins: [react()],
  server: {
    port: 5174,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true } },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
  },
});
