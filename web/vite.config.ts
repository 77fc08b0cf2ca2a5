import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The login screen needs React, Mantine's core and the session code only; every feature page is
 * a lazy chunk. Big libraries get their own long-cached chunks so a release of the app code does
 * not invalidate them.
 */
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
});
