import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// The renderer: built to dist/renderer and served by the app:// protocol (Electron)
// or the loopback bridge (browser mode). Relative base so both origins work.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [svelte()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: false,
  },
  worker: { format: 'es' },
});
