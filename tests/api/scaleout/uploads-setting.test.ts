// Several machines on a libSQL server would each keep uploads on their own disk: Fogline refuses to start
// that way and says how to fix it (S3_BUCKET, or UPLOADS=local when every process is on one machine).
import { expect, test } from 'bun:test';
import { spawnFogline } from '../../helpers/processes';

test('DATABASE_URL on a libSQL server without S3_BUCKET or UPLOADS=local: refused with a clear message', async () => {
  const started = spawnFogline({ DATABASE_URL: 'http://127.0.0.1:9', S3_BUCKET: '', UPLOADS: '' });
  const error = (await started.then(() => null, (e: Error) => e))!;
  expect(error).toBeInstanceOf(Error);
  expect(error.message).toContain('DATABASE_URL points at a libSQL server, so several machines may serve Fogline');
  expect(error.message).toContain('Set S3_BUCKET');
  expect(error.message).toContain('UPLOADS=local if every process runs on this one machine');
});

test('UPLOADS takes only "local"', async () => {
  const error = (await spawnFogline({ UPLOADS: 'nfs' }).then(() => null, (e: Error) => e))!;
  expect(error.message).toContain('UPLOADS must be "local" or unset, got "nfs"');
});
