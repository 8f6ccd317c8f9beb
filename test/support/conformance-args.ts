// The command line a conformance case implies (fixtures/conformance/<release>/README.md), shared by the
// conformance test and scripts/conformance-diff.mjs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface CaseSettings {
  arch?: string;
  admission?: boolean;
  launcherImage?: string;
  vmiUID?: string;
}

export interface Expected {
  pod?: unknown;
  error?: string;
}

export function caseArgs(dir: string, release: string): string[] {
  const args = ['render', join(dir, 'vmi.yaml'), '-o', 'json', '--kubevirt-version', release];
  if (existsSync(join(dir, 'kubevirt.yaml'))) args.push('--cluster-config', join(dir, 'kubevirt.yaml'));
  if (existsSync(join(dir, 'objects.yaml'))) args.push('--objects', join(dir, 'objects.yaml'));
  const settingsFile = join(dir, 'case.json');
  const settings: CaseSettings = existsSync(settingsFile)
    ? (JSON.parse(readFileSync(settingsFile, 'utf8')) as CaseSettings)
    : {};
  if (settings.arch) args.push('--arch', settings.arch);
  if (settings.admission === false) args.push('--no-admission');
  if (settings.launcherImage) args.push('--launcher-image', settings.launcherImage);
  if (settings.vmiUID) args.push('--uid', settings.vmiUID);
  return args;
}
