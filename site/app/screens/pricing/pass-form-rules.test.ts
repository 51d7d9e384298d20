import { expect, test } from 'bun:test';
import * as v from 'valibot';
import { PASS_MESSAGES } from '../../../../api/passes/model';
import { emptyPassForm, PassForm, type PassFormValues } from './pass-form-rules';

const messages = (form: PassFormValues) => {
  const result = v.safeParse(PassForm, form);
  return result.success ? {} : Object.fromEntries(result.issues.map((i) => [i.path?.map((p) => p.key).join('.') ?? 'form', i.message]));
};

test('a 5-class pack becomes the pass resource the API takes (price in dollars, coverage lists empty for all)', () => {
  const result = v.safeParse(PassForm, { ...emptyPassForm('pack'), price: '100' });
  expect(result.success).toBe(true);
  expect(result.output).toMatchObject({
    kind: 'pack',
    name: '5-class pack',
    price: 100,
    credits: 5,
    validityDays: 90,
    categoryIds: [],
    ageGroups: [],
  });
});

test('an unlimited monthly membership sends no credits and no validity', () => {
  const result = v.safeParse(PassForm, { ...emptyPassForm('membership'), price: '120.50' });
  expect(result.output).toMatchObject({
    kind: 'membership',
    price: 120.5,
    credits: null,
    validityDays: null,
    billingPeriod: 'month',
    maxPauseWeeks: 4,
  });
});

test("each field shows the server's own message", () => {
  expect(messages({ ...emptyPassForm('pack'), price: '' }).price).toBe(PASS_MESSAGES.price);
  expect(messages({ ...emptyPassForm('pack'), price: '10', credits: '' }).credits).toBe(PASS_MESSAGES.creditsRequired);
  expect(messages({ ...emptyPassForm('pack'), price: '10', credits: '2.5' }).credits).toBe(PASS_MESSAGES.credits);
  expect(messages({ ...emptyPassForm('intro'), price: '10', validityDays: '' }).validityDays).toBe(PASS_MESSAGES.validityRequired);
  expect(messages({ ...emptyPassForm('pack'), price: '10', name: 'x' }).name).toBe(PASS_MESSAGES.name);
});

test('chosen coverage needs a category or an age group ticked; then only those are sent', () => {
  expect(messages({ ...emptyPassForm('pack'), price: '10', coversAllClasses: false }).coversAllClasses).toContain('Tick at least one');
  const result = v.safeParse(PassForm, {
    ...emptyPassForm('pack'),
    price: '10',
    coversAllClasses: false,
    categoryIds: ['3'],
    ageGroups: ['Kids'],
  });
  expect(result.output).toMatchObject({ categoryIds: [3], ageGroups: ['Kids'] });
});
