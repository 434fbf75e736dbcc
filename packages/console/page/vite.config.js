/**
 * Vite's build of the console page (`npm run build` in @xcap/console): index.html and
 * src/main.ts bundled into dist/console-page/ under the stable names the console server's
 * allow-list serves (index.html, console.js, console.css), referenced as /assets/<name>.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('./', import.meta.url)),
  base: '/assets/',
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../dist/console-page/', import.meta.url)),
    emptyOutDir: true,
    assetsDir: '',
    modulePreload: { polyfill: false },
    sourcemap: false,
    rollupOptions: {
      output: {
        entryFileNames: 'console.js',
        chunkFileNames: 'console-[name].js',
        assetFileNames: (asset) => (asset.names.some((name) => name.endsWith('.css')) ? 'console.css' : '[name][extname]'),
      },
    },
  },
});
