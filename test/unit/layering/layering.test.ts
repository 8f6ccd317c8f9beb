// Layering is one way: a module imports only from its own layer or the layers below it (STYLE.md). Upstream
// packages several stages share live in src/pkg/ (pkg/util, pkg/defaults, pkg/network/vmispec,
// pkg/instancetype), Go encoding helpers in src/util/go/; the stages (admission, vm, render) never import
// each other.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../../../../src/', import.meta.url));

/** Bottom to top; names in one entry are peers that must not import each other. */
const LAYERS: readonly (readonly string[])[] = [
  ['types', 'errors'],
  ['release'],
  ['quantity'],
  ['util'],
  ['io', 'state'],
  ['schema'],
  ['cluster'],
  ['pkg'],
  ['admission', 'vm', 'render'],
  ['podsecurity', 'scheduling', 'pipeline', 'pod-validation'],
  ['missing-objects', 'explain'],
  ['watch'],
  ['cli', 'index'],
];

/** The layer name of a file under src/: its top folder, or its name for a top-level module. */
function unitOf(file: string): string {
  const [top, ...rest] = relative(SRC, file).split('/');
  return rest.length > 0 ? top! : top!.replace(/\.[jt]s$/, '');
}

function levelOf(unit: string): number {
  const level = LAYERS.findIndex((layer) => layer.includes(unit));
  assert.notEqual(level, -1, `src/${unit} has no layer: add it to LAYERS`);
  return level;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('layering', () => {
  it('no module imports from a layer above it, nor from a peer stage', () => {
    const wrong: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const unit = unitOf(file);
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
        const target = normalize(join(dirname(file), match[1]!));
        const other = unitOf(target);
        if (other === unit) continue;
        if (levelOf(other) >= levelOf(unit)) {
          wrong.push(`src/${relative(SRC, file)} imports ${match[1]} (${unit} -> ${other})`);
        }
      }
    }
    assert.deepEqual(wrong, []);
  });
});
