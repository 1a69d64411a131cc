import { defineConfig } from 'vite';

// The portal is served at the root of its own origin with a history fallback, so its
// assets need an absolute base ('/'): a deep link such as /monomer/dashboard must still
// find /assets/….
export default defineConfig({
  base: '/',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2020' },
  server: { host: '127.0.0.1', port: 8100, strictPort: true },
  preview: { host: '127.0.0.1', port: 8100, strictPort: true },
});
