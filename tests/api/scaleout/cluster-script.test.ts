// `npm run start:cluster` (scripts/cluster.ts, here without the site build): sqld plus two Fogline processes on
// two ports, both serving the same demo data; the demo customer signs in and books on one and sees the booking
// and the spot it took on the other; Ctrl-C (SIGINT) stops all three.
import { afterAll, expect, test } from 'bun:test';
import { spawn } from 'bun';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TestClient } from '../../helpers/api';
import { freePort } from '../../helpers/ports';
import { sqldBinary } from '../../helpers/sqld';
import { withWaivers } from '../../helpers/waivers';

const dir = mkdtempSync(join(tmpdir(), 'fogline-cluster-script-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.skipIf(!sqldBinary())(
  'start:cluster brings up sqld and two processes sharing its demo data, a booking on one is seen on the other; SIGINT stops them all',
  async () => {
    const sqldPort = await freePort();
    const cluster = spawn(['bun', 'scripts/cluster.ts'], {
      cwd: resolve(import.meta.dir, '../../..'),
      env: { ...process.env, CLUSTER_DIR: dir, PORT: '0', SQLD_PORT: String(sqldPort), DATABASE_URL: '', SEED: '' },
      stdout: 'pipe',
      stderr: 'inherit',
    });
    let output = '';
    const decoder = new TextDecoder();
    for await (const chunk of cluster.stdout) {
      output += decoder.decode(chunk);
      if (output.includes('[cluster] ready') || output.includes('exited')) break;
    }
    const [, first, second] = output.match(/ready: (http:\S+) and (http:\S+) share/) ?? [];
    expect(first && second).toBeTruthy();
    expect(first).not.toBe(second);
    const titles = async (url: string) =>
      (await (await fetch(`${url.replace('localhost', '127.0.0.1')}/api/classes?limit=5`)).json()) as unknown;
    const [fromFirst, fromSecond] = [await titles(first!), await titles(second!)];
    expect(JSON.stringify(fromFirst).length).toBeGreaterThan(100); // the demo data, seeded once by the first
    expect(fromSecond).toEqual(fromFirst);

    // The demo customer signs in and books a free class through the first; the second shows the booking and the spot.
    const [one, two] = [
      new TestClient(first!.replace('localhost', '127.0.0.1')),
      new TestClient(second!.replace('localhost', '127.0.0.1')),
    ];
    expect((await one.post('/api/login', { email: 'customer@fogline.test', password: 'demo-password' })).status).toBe(200);
    for (const [name, value] of one.cookies) two.cookies.set(name, value);
    const spotsLeft = async (client: TestClient, id: number) =>
      ((await client.get(`/api/classes/${id}`)).body as { spotsLeft: number }).spotsLeft;
    const free = ((await two.get('/api/classes?limit=100')).body as { id: number; price: number; spotsLeft: number }[]).filter(
      (c) => c.price === 0 && c.spotsLeft > 0,
    );
    let booked: { id: number; classId: number } | null = null;
    for (const cls of free) {
      const before = await spotsLeft(two, cls.id);
      const answer = await one.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }));
      if (answer.status !== 201) continue; // the demo customer may hold this one already
      booked = answer.body;
      expect(await spotsLeft(two, cls.id)).toBe(before - 1);
      break;
    }
    expect(booked).not.toBeNull();
    const seen = (await two.get(`/api/bookings?classId=${booked!.classId}`)).body as { id: number; status: string }[];
    expect(seen.map((b) => [b.id, b.status])).toContainEqual([booked!.id, 'confirmed']);
    cluster.kill('SIGINT');
    await cluster.exited;
    await Bun.sleep(300);
    for (const url of [first!, second!, `http://127.0.0.1:${sqldPort}`]) {
      expect(
        await fetch(`${url.replace('localhost', '127.0.0.1')}/health`).then(
          () => 'up',
          () => 'down',
        ),
      ).toBe('down');
    }
  },
);
