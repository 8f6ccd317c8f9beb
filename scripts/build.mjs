// Build: compile TypeScript, then the JSON Schema validators (see schemas/README.md).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (cmd, args) => execFileSync(cmd, args, { stdio: 'inherit' });
run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json']);
if (existsSync('scripts/build-validators.mjs')) run(process.execPath, ['scripts/build-validators.mjs']);
