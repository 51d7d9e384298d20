// The browser tests drive a real Chromium. When it is missing, the test command installs Debian's package
// itself where it can (root, or password-less sudo, on a machine with apt-get), as CI does; otherwise it says
// exactly what to do.
import { existsSync } from 'node:fs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

export type ChromiumCheck = { ok: true; installed: boolean } | { ok: false; help: string };

function run(cmd: string[], env: Record<string, string> = {}): boolean {
  const result = Bun.spawnSync(cmd, { stdout: 'inherit', stderr: 'inherit', env: { ...process.env, ...env } });
  return result.exitCode === 0;
}

const canRun = (cmd: string[]) => Bun.spawnSync(cmd, { stdout: 'ignore', stderr: 'ignore' }).exitCode === 0;

/** How to get root for apt-get here: nothing (we are root), "sudo -n" (password-less), or null (no way). */
function rootPrefix(): string[] | null {
  if (process.getuid?.() === 0) return [];
  if (Bun.which('sudo') && canRun(['sudo', '-n', 'true'])) return ['sudo', '-n'];
  return null;
}

const HELP = (path: string, reason: string) =>
  [
    `Chromium was not found at ${path}, and ${reason}.`,
    'The browser tests need it. Either:',
    '  • on Debian: sudo apt-get install -y chromium   (then run npm test again)',
    '  • or point CHROMIUM_PATH at a Chromium or Chrome binary: CHROMIUM_PATH=/path/to/chrome npm test',
    'The type check, build and API tests ran regardless.',
  ].join('\n');

/** Makes sure Chromium is at `path`, installing Debian's package when the default path is missing and we can. */
export function ensureChromium(path: string): ChromiumCheck {
  if (existsSync(path)) return { ok: true, installed: false };
  if (path !== DEFAULT_CHROMIUM) return { ok: false, help: HELP(path, 'CHROMIUM_PATH names a file that does not exist') };
  if (process.platform !== 'linux' || !Bun.which('apt-get'))
    return { ok: false, help: HELP(path, 'this machine has no apt-get to install it with') };
  const prefix = rootPrefix();
  if (!prefix) return { ok: false, help: HELP(path, 'installing it needs root (run as root, or with password-less sudo)') };
  console.log(`\n▶ Chromium is missing: installing Debian's chromium package (${[...prefix, 'apt-get'].join(' ')})...`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const installed =
    run([...prefix, 'apt-get', 'update', '-qq'], env) &&
    run([...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', 'chromium'], env);
  if (installed && existsSync(path)) return { ok: true, installed: true };
  return { ok: false, help: HELP(path, 'installing the chromium package with apt-get failed (see above)') };
}
