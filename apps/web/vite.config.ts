import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server forwards /api to the local API server, so the SPA and the API share one origin
// in development exactly as they do in production (the server serves dist/ and /api).
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // The contracts package builds zod schemas at module level, which a bundler must keep
        // unless told they are pure; the shell only needs its constants, so a schema module
        // nobody imports from (and zod with it) stays out of the bundle.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contracts[\\/]/, sideEffects: false }],
      },
      output: {
        // Libraries change less often than our code: a separate chunk stays cached across deploys.
        // Only the libraries of the first download ($initial): one that only lazily loaded
        // screens use (zod, for the account forms) stays with them instead of being preloaded.
        codeSplitting: {
          groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] }],
        },
      },
    },
  },
});
