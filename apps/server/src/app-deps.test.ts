import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const appModule = path.join(serverRoot, 'src', 'app.ts');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : tsFiles(full);
    // Tests are entry points of their own and may build the app.
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Relative module specifiers of a file: static imports and exports, side-effect imports, dynamic imports. */
function relativeImports(source: string): string[] {
  const specs = [
    ...source.matchAll(/\bfrom\s+'(\.[^']*)'/g),
    ...source.matchAll(/\bimport\s+'(\.[^']*)'/g),
    ...source.matchAll(/\bimport\(\s*'(\.[^']*)'\s*\)/g),
  ];
  return specs.map((m) => m[1]!);
}

const resolvesTo = (file: string, spec: string) => {
  const target = path.resolve(path.dirname(file), spec);
  return target.endsWith('.ts') ? target : `${target}.ts`;
};

describe('module structure', () => {
  it('finds every kind of relative import (the check below relies on it)', () => {
    const source = [
      "import type { AppDeps } from '../../app';",
      "import { buildApp } from './app';",
      "export { x } from '../y';",
      "import './side-effect';",
      "const m = await import('../lazy');",
      "import { z } from 'zod';",
    ].join('\n');
    expect(relativeImports(source)).toEqual(['../../app', './app', '../y', './side-effect', '../lazy']);
  });

  it('lets only the entry points import app.ts, so no feature sits in an import circle with it', () => {
    const importers = [...tsFiles(path.join(serverRoot, 'src')), ...tsFiles(path.join(serverRoot, 'bench'))]
      .filter((file) =>
        relativeImports(readFileSync(file, 'utf8')).some((spec) => resolvesTo(file, spec) === appModule),
      )
      .map((file) => path.relative(serverRoot, file).split(path.sep).join('/'))
      .sort();
    expect(importers).toEqual(['src/main.ts', 'src/test/test-app.ts']);
  });
});
