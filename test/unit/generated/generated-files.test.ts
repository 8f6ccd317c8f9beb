// The committed generated files are what `npm run generate` makes of the committed inputs: the generators run
// into a temporary directory and every file must equal its committed copy. The files made from upstream Go
// source are compared too when a kubevirt/kubevirt clone or mirror is named by VMI_RENDER_KUBEVIRT_GIT.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { ROOT } from '../../support/cli.js';

const execFileAsync = promisify(execFile);
const GENERATE = join(ROOT, 'scripts', 'generate.mjs');
const upstream = process.env.VMI_RENDER_KUBEVIRT_GIT;

const out = mkdtempSync(join(tmpdir(), 'vmi-render-generate-'));
after(() => rmSync(out, { recursive: true, force: true }));

/** Every file under dir, as paths relative to base. */
function filesUnder(dir: string, base: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(dir, entry.name), base)
      : [relative(base, join(dir, entry.name)).split('\\').join('/')],
  );
}

describe('generated files', () => {
  it('every *.generated.ts under src/ is made by npm run generate', async () => {
    const { stdout } = await execFileAsync(process.execPath, [GENERATE, '--list'], { cwd: ROOT });
    const listed = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t')[0]!)
      .sort();
    const committed = filesUnder(join(ROOT, 'src'), ROOT)
      .filter((path) => path.endsWith('.generated.ts'))
      .sort();
    assert.deepEqual(committed, listed);
  });

  it('are not stale: regenerated from their inputs they equal the committed files', async () => {
    const args = [GENERATE, '--out', out, ...(upstream ? ['--kubevirt-git', upstream] : [])];
    await execFileAsync(process.execPath, args, { cwd: ROOT });
    const written = filesUnder(out, out);
    assert.ok(written.includes('src/types/kubevirt.generated.ts'), `generated: ${written.join(', ')}`);
    if (upstream) assert.ok(written.some((path) => path.startsWith('src/util/go/json-shapes-')));
    for (const path of written) {
      assert.ok(
        readFileSync(join(out, path), 'utf8') === readFileSync(join(ROOT, path), 'utf8'),
        `${path} is stale: run npm run generate${path.startsWith('src/util/go/') ? ' -- --kubevirt-git <kubevirt repo>' : ''}, and commit it`,
      );
    }
  });
});
