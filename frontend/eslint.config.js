// The front end's import rules (docs/architecture.md "Front end: folders and import rules"):
// app → features → shared, never back; a feature reaches another feature only through the
// exceptions listed in ALLOWED below; no import cycles.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The only feature → feature imports, paths relative to src/features. Every feature may use the
 * auth feature's public index (the session: who is signed in, their roles). Beyond that, a page
 * that edits references to another feature's records reads that feature's api.ts for the
 * choices (a user's department and roles, a role's departments and menus), and the detail page
 * (/look) takes the moves of the list a record comes from.
 */
const ALLOWED = {
  '*': ['./auth/index.ts'],
  user: ['./dept/api.ts', './role/api.ts'],
  role: ['./dept/api.ts', './menu/api.ts'],
  // a detail page (/look) offers its list's moves: the list's own buttons and dialogs, loaded lazily
  // and an after-sales case (售后单) as 售后管理's drawer draws it, with its moves
  // and a shipped order's parcel tracking (物流跟踪)
  look: ['./order/index.ts', './goods/moves.tsx', './aftersale/look.ts', './tracking/index.ts'],
  // 订单管理 offers the selected orders' picking list and delivery notes
  order: ['./printing/index.ts'],
};

const featureZones = FEATURES.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`, ...ALLOWED['*'], ...(ALLOWED[name] ?? [])],
  message: 'A feature imports another feature only through the exceptions in eslint.config.js (ALLOWED).',
}));

const layerZones = [
  { target: './src/shared', from: './src/features', message: 'shared/ is below features/: it may not import them.' },
  { target: './src/shared', from: './src/app', message: 'shared/ is below app/: it may not import it.' },
  { target: './src/features', from: './src/app', message: 'features/ are below app/: they may not import it.' },
];

// Tests may assemble the app's providers around what they render; the source may not.
const testLayerZones = layerZones.filter((zone) => zone.from !== './src/app');

const TESTS = ['src/**/*.test.{ts,tsx}', 'src/test/**'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'e2e/**', 'scripts/**', '*.config.{js,ts}'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      // '@/…' is this app's alias (tsconfig paths), not a scoped package
      'import-x/internal-regex': '^@/',
      // without these the rules cannot read .ts/.tsx modules and no-cycle sees nothing
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.app.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: TESTS,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...testLayerZones, ...featureZones] }],
    },
  },
);
