// Membership late-cancel and no-show fees in Chromium (issue 20, item 2): the coach enters the fees in dollars on the
// profile's Policy tab (saved in cents, refused over $100 with the server's words), and a customer cancelling a booking
// made with an unlimited membership inside the late window is told the fee in the cancel dialog, then charged it once;
// an admin refunds it from the customer's page, giving a reason.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newContext, PHONE, type ProductServer, signIn, startProduct } from '../helpers/browser';
import { testNow } from '../helpers/today';
import { acceptanceFor } from '../helpers/waivers';

let product: ProductServer;
let browser: Browser;
beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** A JSON call from inside a signed-in page (its cookie). */
async function call(page: Page, method: string, path: string, body?: unknown) {
  const res = await page.request.fetch(`${product.url}${path}`, { method, data: body, headers: { origin: product.url } });
  const text = await res.text();
  return { status: res.status(), body: text ? JSON.parse(text) : null };
}

describe('membership fees', () => {
  test('the coach enters the fees in dollars on the Policy tab; customers read them; they are saved in cents', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page } = await newContext(browser, viewport).then(async (c) => ({ page: await c.page() }));
      await signIn(page, product.url, 'coach@fogline.test');
      await page.goto(`${product.url}/profile?tab=policy`);
      const late = page.getByLabel('Late-cancel fee');
      await late.fill('150');
      await expect(page.getByRole('alert').filter({ hasText: 'The late-cancel fee can be at most $100.' }).count()).resolves.toBe(1);
      await late.fill('12.5');
      await page.getByLabel('No-show fee').fill('');
      await expect(page.getByText('Customers will read:').locator('..').textContent()).resolves.toContain(
        "With an unlimited membership, a late cancellation costs $12.50, charged to the membership's card.",
      );
      await page.getByRole('button', { name: 'Save policy' }).click();
      await page.getByText('Cancellation policy saved').first().waitFor();
      const saved = await call(page, 'GET', '/api/coaches/me/policy');
      expect(saved.body.policy.passRules).toMatchObject({ lateCancelFeeCents: 1250, noShowFeeCents: null });
      await page.context().close();
    }
  });

  test('the cancel dialog of a membership booking in the late window states the fee, which is then charged once; an admin refunds it with a reason', async () => {
    const coach = await (await newContext(browser, DESKTOP)).page();
    await signIn(coach, product.url, 'coach@fogline.test');
    const me = (await call(coach, 'GET', '/api/user')).body;
    const docs = (await call(coach, 'GET', '/api/docs/json')).body;
    const schema = docs.paths['/api/classes'].post.requestBody.content['application/json'].schema;
    const start = new Date(testNow() + 20 * 3_600_000);
    start.setUTCMinutes(0, 0, 0);
    const title = `Fee Run ${Date.now().toString(36)}`;
    const cls = await call(coach, 'POST', '/api/classes', {
      ...(schema.examples?.[0] ?? schema.example),
      recurrence: null,
      startTime: start.toISOString(),
      title,
      // The class's own policy: Moderate with a $15.00 late-cancel fee (whatever the other test saved for the coach).
      cancellationPolicy: { preset: 'moderate', passRules: { lateCancelFeeCents: 1500 } },
    });
    expect(cls.status).toBe(201);

    const customerContext = await newContext(browser, PHONE);
    const page = await customerContext.page();
    await signIn(page, product.url, 'customer@fogline.test');
    const customer = (await call(page, 'GET', '/api/user')).body;
    const passes = (await call(page, 'GET', `/api/coaches/${me.id}/passes`)).body;
    const unlimited = passes.find((p: { kind: string; credits: number | null }) => p.kind === 'membership' && p.credits === null);
    const started = (await call(page, 'POST', `/api/passes/${unlimited.id}/purchase`, { amount: unlimited.total })).body;
    const paid = await call(page, 'POST', '/api/payment/test-provider/pay', {
      paymentIntentId: started.paymentIntentId,
      clientSecret: started.clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    const waivers = (await call(page, 'GET', `/api/classes/${cls.body.id}/waivers`)).body;
    const booked = await call(page, 'POST', '/api/bookings', {
      classId: cls.body.id,
      quantity: 1,
      payWith: { purchaseId: started.purchaseId },
      waiverAcceptance: acceptanceFor(1, waivers),
    });
    expect(booked.status).toBe(201);

    await page.goto(`${product.url}/bookings`);
    const card = page.locator('article, li').filter({ hasText: title }).first();
    await card.getByRole('button', { name: 'Cancel Booking' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.textContent()).resolves.toContain(
      "Cancelling now is a late cancellation: a late-cancel fee of $15.00 is charged to your membership's card",
    );
    await dialog.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const admin = await (await newContext(browser, DESKTOP)).page();
    await signIn(admin, product.url, 'admin@fogline.test');
    const fees = (await call(admin, 'GET', `/api/admin/membership-fees?userId=${customer.id}`)).body;
    expect(fees.filter((f: { className: string }) => f.className === title)).toEqual([
      expect.objectContaining({ kind: 'late_cancel', amountCents: 1500, status: 'paid' }),
    ]);

    // Support refunds the fee from the customer's page: a reason is asked for, then the whole fee goes back.
    await admin.goto(`${product.url}/admin/users/${customer.id}`, { waitUntil: 'networkidle' });
    const fee = admin.getByRole('list', { name: 'Membership fees' }).getByRole('listitem').filter({ hasText: title });
    expect(await fee.textContent()).toContain('Late-cancel fee $15.00');
    await fee.getByRole('button', { name: 'Refund fee' }).click();
    const refund = admin.getByRole('dialog');
    expect(await refund.textContent()).toContain('$15.00 (late-cancel fee, ' + title + ") goes back to the membership's card");
    await refund.getByRole('button', { name: 'Refund' }).click();
    await refund.getByText('Give a reason for the refund.').waitFor();
    await refund.getByLabel('Reason (kept in the audit log)').fill('The coach moved the class');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await admin.getByTestId('toast').filter({ hasText: '$15.00 back to the card.' }).waitFor();
    await fee.getByText(/refunded/).waitFor();
    expect(await fee.getByRole('button', { name: 'Refund fee' }).count()).toBe(0);
  });
});
