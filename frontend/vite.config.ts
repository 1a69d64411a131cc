/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import qiankun from 'vite-plugin-qiankun';

// The name the host portal registers this remote under (DECISIONS §1).
const APP_NAME = 'monomer';
const BFF = process.env.BFF_URL ?? 'http://127.0.0.1:8000';

/**
 * Library code that subscribes window/document listeners when its module is evaluated and
 * never lets go. Embedded in a host, those listeners would outlive unmount, so the build takes
 * them out. Each patch must match exactly: the build fails when a library changed shape, so a
 * patch cannot silently stop working after an upgrade.
 */
interface ModulePatch {
  why: string;
  file: RegExp;
  search: string;
  replace: string;
}

const MODULE_PATCHES: ModulePatch[] = [
  {
    // swr (inside ProLayout): its default cache listens to focus, online, offline and
    // visibilitychange. ProLayout turns revalidation off anyway.
    why: 'swr default cache without global listeners',
    file: /[\\/]swr[\\/]dist[\\/]config-context-[^\\/]+\.mjs$/,
    search: 'const [cache, mutate, , , unload] = initCache(new Map());',
    replace:
      'const [cache, mutate, , , unload] = initCache(new Map(), { initFocus: () => noop, initReconnect: () => noop });',
  },
  {
    // axios: a setImmediate stand-in built on a window "message" listener; only used where
    // queueMicrotask is missing, which no supported browser lacks. setTimeout does instead.
    why: 'axios setImmediate without a window message listener',
    file: /[\\/]axios[\\/]lib[\\/]utils\.js$/,
    search: 'isFunction(_global.postMessage)\n);',
    replace: 'false\n);',
  },
];

function applyPatches(code: string, id: string): string | null {
  let out: string | null = null;
  for (const patch of MODULE_PATCHES) {
    if (!patch.file.test(id)) continue;
    const source: string = out ?? code;
    if (!source.includes(patch.search)) throw new Error(`module patch "${patch.why}": text not found in ${id}`);
    out = source.replace(patch.search, patch.replace);
  }
  return out;
}

function patchModules(): Plugin {
  return {
    name: 'monomer:patch-modules',
    enforce: 'pre',
    transform(code, id) {
      const patched = applyPatches(code, id);
      return patched === null ? null : { code: patched, map: null };
    },
  };
}

export default defineConfig(({ command }) => {
  // `QIANKUN_DEV=1 pnpm dev` serves the app for a qiankun host. The plugin's loader and
  // @vitejs/plugin-react's refresh preamble clash (DECISIONS §1), so react() stays out then;
  // esbuild still compiles JSX with the automatic runtime.
  const serveForHost = command === 'serve' && process.env.QIANKUN_DEV === '1';
  return {
    // Relative base: chunk imports resolve against import.meta.url, which is absolute once the
    // entry was loaded from the BFF (the BFF rewrites ./assets/ in index.html, docs/decisions.md).
    base: './',
    plugins: [
      patchModules(),
      ...(serveForHost ? [] : [react()]),
      qiankun(APP_NAME, { useDevMode: serveForHost }),
    ],
    esbuild: { jsx: 'automatic' },
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    optimizeDeps: {
      // the same patches for the dev server's pre-bundled dependencies
      esbuildOptions: {
        plugins: [
          {
            name: 'monomer:patch-modules',
            setup(build) {
              build.onLoad({ filter: /[\\/](swr[\\/]dist|axios[\\/]lib)[\\/]/ }, async (args) => {
                const { readFile } = await import('node:fs/promises');
                const patched = applyPatches(await readFile(args.path, 'utf8'), args.path);
                return patched === null ? undefined : { contents: patched, loader: 'js' };
              });
            },
          },
        ],
      },
    },
    server: {
      host: '127.0.0.1',
      port: 5173,
      cors: true,
      proxy: {
        '/api': { target: BFF, changeOrigin: true },
        '/background': { target: BFF, changeOrigin: true },
      },
    },
    preview: { host: '127.0.0.1', port: 4173 },
    build: {
      manifest: true,
      target: 'es2020',
      chunkSizeWarningLimit: 1500,
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      // A hang guard, not a speed check: the slowest page tests take 2–10 s (src/test/setup.ts
      // keeps antd's styles out of jsdom for standalone renders; with them they took 20–60 s).
      testTimeout: 30000,
    },
  };
});
