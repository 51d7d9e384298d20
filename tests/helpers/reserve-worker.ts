// A separate process for the cross-process rate-limit test: opens the database at argv[2] and makes argv[4]
// simultaneous reservations of key argv[3] (limit argv[5] per minute); prints how many passed and how many got 429.
import { openDb } from '../../db/client';
import { systemClock } from '../../api/lib/clock';
import { createRateLimits } from '../../api/lib/rate-limit';

const [url, key, attempts, max] = process.argv.slice(2);
const db = await openDb(url!);
const limits = createRateLimits(db, systemClock, { uploadsPerUser: { max: Number(max), windowMs: 60_000 } });
const results = await Promise.all(
  Array.from({ length: Number(attempts) }, () =>
    limits.reserve('m', ['uploadsPerUser', key!]).then(
      () => 'passed',
      (error) => (error?.status === 429 ? 'limited' : String(error)),
    ),
  ),
);
db.close();
console.log(
  JSON.stringify({
    passed: results.filter((r) => r === 'passed').length,
    limited: results.filter((r) => r === 'limited').length,
    other: results.filter((r) => r !== 'passed' && r !== 'limited'),
  }),
);
