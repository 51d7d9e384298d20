// Micro-benchmark of one booking confirmation's CPU after the answer: its .ics (api/lib/ics.ts), its email layout
// (api/mail-templates) and the mail provider's MIME rendering (.eml written to a temporary outbox).
// bun scripts/bench-confirmation.ts [renders=2000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCalendar, buildIcs } from '../api/lib/ics';
import { renderEmail } from '../api/mail-templates';
import { classIcsAttachments } from '../api/notices/booking-emails';
import { GOLDEN_CASES, goldenCtx } from '../api/notices/confirmation-ics.golden-cases';
import { createMailProvider } from '../api/providers/mail';

const renders = Number(process.argv[2] ?? 2000);

async function time(name: string, run: (i: number) => unknown): Promise<void> {
  for (let i = 0; i < 200; i++) await run(i);
  const started = performance.now();
  for (let i = 0; i < renders; i++) await run(i);
  console.log(`${name.padEnd(44)} ${(((performance.now() - started) * 1000) / renders).toFixed(1).padStart(8)} µs`);
}

const cases = GOLDEN_CASES;
const pick = (i: number) => cases[i % cases.length]!;
const event = (i: number) => {
  const c = pick(i);
  const start = new Date(c.cls.startTime!.getTime() + i * 3_600_000);
  return {
    uid: `booking-${i}@fogline`,
    title: c.cls.title,
    description: c.people,
    location: 'Crissy Field',
    url: 'http://x/classes/1',
    start,
    end: new Date(start.getTime() + 3_600_000),
    stamp: start,
  };
};
const content = () =>
  renderEmail({
    heading: "You're booked: Sunrise Yoga",
    preheader: 'Saturday, March 13, 2027, 9:00 - 10:00 AM PT · 1 spot',
    paragraphs: ['Hi Ana, your booking is confirmed.', 'When: Saturday, March 13, 2027, 9:00 - 10:00 AM PT', 'Where: Crissy Field'],
    button: { label: 'View my bookings', url: 'http://localhost:4321/bookings' },
    footnote: 'The attached calendar file adds the class to your calendar.',
  });
const outboxDir = mkdtempSync(join(tmpdir(), 'fogline-bench-mail-'));
const mail = createMailProvider({ outboxDir, from: 'Fogline <hello@fogline.test>' });

console.log(`${renders} renders each, µs per confirmation (CPU of this process; the machine is shared: compare ratios)`);
await time('.ics through ical-generator + Temporal (before)', (i) => buildCalendar([event(i)]));
await time('.ics written directly (buildIcs, now)', (i) => buildIcs(event(i)));
await time('confirmation .ics attachment (classIcsAttachments)', (i) =>
  classIcsAttachments(goldenCtx, pick(i).booking, pick(i).cls, pick(i).people),
);
await time('email layout (renderEmail)', () => content());
await time('mail provider: MIME render + .eml write', (i) =>
  mail.send({
    to: `ana${i}@example.com`,
    subject: 'Booking confirmed: Sunrise Yoga',
    ...content(),
    attachments: classIcsAttachments(goldenCtx, pick(i).booking, pick(i).cls, pick(i).people),
  }),
);
rmSync(outboxDir, { recursive: true, force: true });
