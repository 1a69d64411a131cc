// Run by `pnpm lint` after ESLint itself (node --test): the rules' own test.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

/**
 * The import rules of eslint.config.js (docs/architecture.md): each case lints a snippet as if
 * it were the named file, so a rule switched off or a zone lost fails here, not only in review.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function rulesBroken(path, code) {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${path}` });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('front-end import rules', () => {
  it('shared imports neither features nor app', async () => {
    const code = "import { useSession } from '@/features/auth';\nimport { Providers } from '@/app/providers';\nexport const x = [useSession, Providers];\n";
    assert.deepEqual(await rulesBroken('src/shared/lib/x.ts', code), ['import-x/no-restricted-paths', 'import-x/no-restricted-paths']);
  });

  it('a feature does not import app, nor another feature outside the allowed list', async () => {
    const code = "import { pageFor } from '@/app/registry';\nimport { menuTree } from '@/features/menu/api';\nimport { buildMenus } from '@/features/auth/api';\nexport const x = [pageFor, menuTree, buildMenus];\n";
    assert.deepEqual(await rulesBroken('src/features/dict/x.ts', code), [
      'import-x/no-restricted-paths',
      'import-x/no-restricted-paths',
      'import-x/no-restricted-paths',
    ]);
  });

  it('the listed exceptions pass: the auth index for all, dept and role choices for the user page', async () => {
    const code = "import { useSession } from '@/features/auth';\nimport { deptTree } from '@/features/dept/api';\nimport { allRoles } from '@/features/role/api';\nexport const x = [useSession, deptTree, allRoles];\n";
    assert.deepEqual(await rulesBroken('src/features/user/x.ts', code), []);
  });

  it('an import cycle fails', async () => {
    // brand.ts imports i18n.ts: i18n importing brand closes a cycle
    const code = "import { useBrand } from './brand';\nexport const x = useBrand;\n";
    assert.ok((await rulesBroken('src/shared/lib/i18n.ts', code)).includes('import-x/no-cycle'));
  });
});
