// Runs the tests with the demo seeded as if today were each of several days (SEED_TODAY: the product's clock and
// the test browsers' start on that day, api/lib/clock.ts), in one run, and ends with a plain summary per day. The
// days are the ones that have caught tests picking demo rows by position or date: New Year, the eve of the spring
// DST change, a summer holiday and the eve of the autumn one. CI runs `npm test` on the real day as well.
//
//   npm run test:days                                    every test, on every day below (long: 4 runs of the suite)
//   npm run test:days -- tests/api/seed tests/e2e/booking.test.ts    only these files or folders
//   DAYS=2027-03-13,2027-07-04 npm run test:days -- tests/api/catalog  only these days
import { DEFAULT_CHROMIUM, ensureChromium } from './lib/chromium';

const DAYS = (process.env.DAYS ?? '2027-01-01,2027-03-13,2027-07-04,2027-11-06')
  .split(',')
  .map((d) => d.trim())
  .filter(Boolean);
const paths = process.argv.slice(2);
const apiPaths = paths.length ? paths.filter((p) => !p.includes('tests/e2e')) : ['./common', './api', './db', './site/lib', './tests/api'];
const e2ePaths = paths.length ? paths.filter((p) => p.includes('tests/e2e')) : ['./tests/e2e'];

interface Tally {
  passed: number;
  failed: number;
  failures: string[];
}

/** One `bun test` run: its report is shown as it comes and its totals and failed test names are read from it. */
async function run(cmd: string[], env: Record<string, string>): Promise<Tally> {
  console.log(`\n▶ SEED_TODAY=${env.SEED_TODAY} ${cmd.join(' ')}`);
  const child = Bun.spawn(cmd, { stdout: 'inherit', stderr: 'pipe', env: { ...process.env, FORCE_COLOR: '0', ...env } });
  let report = '';
  const decoder = new TextDecoder();
  for await (const chunk of child.stderr) {
    const text = decoder.decode(chunk);
    report += text;
    process.stderr.write(text);
  }
  const code = await child.exited;
  const passed = Number(report.match(/^\s*(\d+) pass$/m)?.[1] ?? 0);
  const failed = Number(report.match(/^\s*(\d+) fail$/m)?.[1] ?? 0);
  const failures = [...report.matchAll(/^\(fail\) (.+?)(?: \[[\d.]+m?s\])?$/gm)].map((m) => m[1]!);
  // A crash or a file that failed to load still counts as a failure.
  if (code !== 0 && failed === 0) return { passed, failed: 1, failures: [`${cmd.slice(-1)[0]} exited with ${code}`] };
  return { passed, failed, failures };
}

if (e2ePaths.length) {
  const check = ensureChromium(process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM);
  if (!check.ok) {
    console.error(`✗ ${check.help}`);
    process.exit(1);
  }
  const build = Bun.spawnSync(['bun', '--bun', 'astro', 'build'], { stdout: 'inherit', stderr: 'inherit' });
  if (build.exitCode !== 0) process.exit(1);
}

const results: Array<{ day: string } & Tally> = [];
for (const day of DAYS) {
  const tally: Tally = { passed: 0, failed: 0, failures: [] };
  const steps = [
    ...(apiPaths.length ? [['bun', 'test', '--timeout=60000', ...apiPaths]] : []),
    ...(e2ePaths.length ? [['bun', 'test', '--timeout=90000', '--max-concurrency=1', ...e2ePaths]] : []),
  ];
  for (const cmd of steps) {
    const one = await run(cmd, { SEED_TODAY: day });
    tally.passed += one.passed;
    tally.failed += one.failed;
    tally.failures.push(...one.failures);
  }
  results.push({ day, ...tally });
}

console.log('\nThe demo seeded as if today were:');
for (const r of results) {
  console.log(`  ${r.day}: ${r.passed} passed, ${r.failed} failed`);
  for (const name of r.failures) console.log(`    ✗ ${name}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`\n${passed} passed, ${failed} failed (${results.length} days)`);
process.exit(failed > 0 ? 1 : 0);
