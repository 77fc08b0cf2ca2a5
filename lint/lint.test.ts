import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// The lint rules are only worth what they refuse: each case below is a line the layout forbids
// (or allows), linted as if it sat at the given place in the repository.
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: 'lint/eslint.config.js' });

async function problems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => m.ruleId);
}

describe('import boundaries', () => {
  it('a web feature imports neither the shell nor another feature', async () => {
    expect(await problems('web/src/features/news/Probe.tsx', "import { App } from '../../app/App.tsx';\nexport const x = App;\n")).toContain('boundaries/dependencies');
    expect(await problems('web/src/features/news/Probe.tsx', "import { tasksQuery } from '../tasks/tasks.api.ts';\nexport const x = tasksQuery;\n")).toContain('boundaries/dependencies');
    expect(await problems('web/src/features/news/Probe.tsx', "import { PageHeader } from '../../ui/PageHeader.tsx';\nexport const x = PageHeader;\n")).toEqual([]);
  });

  it('a server module reaches another only through its index.ts', async () => {
    expect(await problems('server/src/modules/news/probe.ts', "import { users } from '../users/users.table.ts';\nexport const x = users;\n")).toContain('boundaries/dependencies');
    expect(await problems('server/src/modules/news/probe.ts', "import { users } from '../users/index.ts';\nexport const x = users;\n")).toEqual([]);
  });

  it('core imports no other workspace and nothing outside itself', async () => {
    expect(await problems('core/src/probe.ts', "import { buildApp } from '@filialportal/server/app';\nexport const x = buildApp;\n")).toContain('no-restricted-imports');
    expect(await problems('core/src/probe.ts', "import { users } from '../../server/src/modules/users/index.ts';\nexport const x = users;\n")).toContain('boundaries/dependencies');
  });
});

describe('import circles', () => {
  const dir = path.join(root, 'core/src', `lint-probe-${process.pid}`);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('two files importing each other are refused; a type-only import back is not a circle', async () => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b();\n");
    fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = () => a();\n");
    expect(await problems(path.relative(root, path.join(dir, 'a.ts')), fs.readFileSync(path.join(dir, 'a.ts'), 'utf8'))).toContain('import-x/no-cycle');
    fs.writeFileSync(path.join(dir, 'b.ts'), "import type { a } from './a.ts';\nexport const b = (): ReturnType<typeof a> | undefined => undefined;\n");
    expect(await problems(path.relative(root, path.join(dir, 'a.ts')), fs.readFileSync(path.join(dir, 'a.ts'), 'utf8'))).toEqual([]);
  });
});
