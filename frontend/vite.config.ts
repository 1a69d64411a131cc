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
  {
    // antd's button token takes isBright from the colour picker's presets module, which imports
    // Collapse: every page with a Button (the sign-in page too) loaded Collapse. The same function,
    // with the colour class it needs, is written out here instead.
    why: 'button token without the colour presets (and Collapse)',
    file: /[\\/]antd[\\/]es[\\/]button[\\/]style[\\/]token\.js$/,
    search: "import { isBright } from '../../color-picker/components/ColorPresets';",
    replace: [
      "import { Color as RcColor } from '@rc-component/color-picker';",
      'const isBright = (value, bgColorToken) => {',
      '  const { r, g, b, a } = value.toRgb();',
      '  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();',
      '  if (a <= 0.5) return hsv.v > 0.5;',
      '  return r * 0.299 + g * 0.587 + b * 0.114 > 192;',
      '};',
    ].join('\n'),
  },
  {
    // ProLayout's content error boundary draws antd's Result (11 kB of pictures) only after a
    // page crashed: fetched then, not with the frame.
    why: 'ProLayout error boundary loads Result when it is needed',
    file: /[\\/]pro-utils[\\/]es[\\/]components[\\/]ErrorBoundary[\\/]index\.js$/,
    search: "import { Result } from 'antd';",
    replace: "var Result = React.lazy(function () { return import('antd/es/result'); });",
  },
  {
    why: 'ProLayout error boundary waits for Result in its own Suspense',
    file: /[\\/]pro-utils[\\/]es[\\/]components[\\/]ErrorBoundary[\\/]index\.js$/,
    search: 'return /*#__PURE__*/_jsx(Result, {\n          status: "error",\n          title: "Something went wrong.",\n          extra: this.state.errorInfo\n        });',
    replace: 'return /*#__PURE__*/_jsx(React.Suspense, { fallback: null, children: _jsx(Result, {\n          status: "error",\n          title: "Something went wrong.",\n          extra: this.state.errorInfo\n        }) });',
  },
  {
    // antd's Table draws a Tree only in a column filter with filterMode "tree"; its static import
    // put rc-tree (15 kB) in every list's first load. It is fetched when such a filter opens.
    why: 'table filter dropdown loads Tree when it is needed',
    file: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/,
    search: "import Tree from '../../../tree';",
    replace: [
      "const LazyTree = React.lazy(() => import('../../../tree'));",
      'const Tree = (props) => React.createElement(React.Suspense, { fallback: null }, React.createElement(LazyTree, props));',
    ].join('\n'),
  },
];

/**
 * pro-provider imports the messages of its 30-odd languages; it picks one by antd's locale,
 * which is zh_CN or en_US here (app/providers.tsx). The others are empty modules in the build
 * (an empty map falls back to zh_CN, as pro-provider does for a missing message).
 */
const UNUSED_LOCALE = /[\\/]@ant-design[\\/]pro-provider[\\/]es[\\/]locale[\\/](?!zh_CN\.js$|en_US\.js$)[a-zA-Z_]+\.js$/;

function dropUnusedLocales(): Plugin {
  let dropped = 0;
  return {
    name: 'monomer:drop-unused-locales',
    apply: 'build',
    load(id) {
      if (!UNUSED_LOCALE.test(id)) return null;
      dropped += 1;
      return 'export default {};';
    },
    buildEnd(error) {
      // a library that moved its locales would make this a silent no-op
      if (!error && dropped === 0) throw new Error('drop-unused-locales: no pro-provider locale matched');
    },
  };
}

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
      dropUnusedLocales(),
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
