// A Fogline API server in its own process (for tests that measure its memory or kill it): a fresh data folder
// from argv[2], no demo data, a free port; prints {"url": ...} once it listens. Extra settings come as
// FOGLINE_TEST_ENV (JSON of Env overrides).
import { createContext } from '../../api/context';
import { type Env, envForDataDir } from '../../api/env';
import { startServer } from '../../api/server';

const overrides = JSON.parse(process.env.FOGLINE_TEST_ENV ?? '{}') as Partial<Env>;
const ctx = await createContext({ env: { ...envForDataDir(process.argv[2]!), ...overrides } });
const running = startServer({ ctx, port: 0, hostname: '127.0.0.1' });
ctx.env.publicUrl = running.url.replace('localhost', '127.0.0.1');
console.log(JSON.stringify({ url: ctx.env.publicUrl }));
