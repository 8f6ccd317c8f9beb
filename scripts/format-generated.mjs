// Generated TypeScript is committed formatted as the rest of src/ (prettier, the repository's .prettierrc.json),
// so that `npm run format:check` accepts it and a regeneration compares byte for byte.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import * as prettier from 'prettier';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** `text` formatted as the file at `repoPath` (relative to the repository root) would be. */
export async function formatGenerated(text, repoPath) {
  const filepath = join(ROOT, repoPath);
  const options = (await prettier.resolveConfig(filepath)) ?? {};
  return prettier.format(text, { ...options, filepath });
}
