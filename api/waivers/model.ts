// Schemas of the waiver calls (issue 24, item 2). Imports only valibot and the shared schema pieces.
import * as v from 'valibot';
import { fields, pathId, strictFields, withExample } from '../../common/schema';

export const Waiver = v.object({
  id: v.number(),
  /** platform: asked for every class; coach: the class's coach's own. */
  owner: v.picklist(['platform', 'coach']),
  version: v.number(),
  title: v.string(),
  body: v.string(),
  /** SHA-256 (hex) of the title, a blank line and the body: what an acceptance records. */
  textHash: v.string(),
  createdAt: v.string(),
  /** On a class's waivers: the people this account already accepted this very version for (the booking step
   * shows them as accepted, and a booking need not send them again). */
  alreadyAcceptedFor: v.optional(v.array(v.string())),
});
export type Waiver = v.InferOutput<typeof Waiver>;

export const CoachWaiverBody = withExample(
  fields({
    title: v.pipe(
      v.string('Title is required'),
      v.trim(),
      v.minLength(3, 'Title must be at least 3 characters'),
      v.maxLength(120, 'Title must not exceed 120 characters'),
    ),
    body: v.pipe(
      v.string('The waiver text is required'),
      v.trim(),
      v.minLength(50, 'The waiver text must be at least 50 characters'),
      v.maxLength(20_000, 'The waiver text must not exceed 20000 characters'),
    ),
  }),
  {
    title: 'Ocean swim waiver',
    body: 'Open-water swimming carries risks of cold, currents and marine life. I confirm I can swim 200 m unaided.',
  },
);
export type CoachWaiverBody = v.InferOutput<typeof CoachWaiverBody>;

const NAME_MESSAGE = "Enter the emergency contact's name";
const PHONE_MESSAGE = 'Enter a phone number for the emergency contact';
export const EmergencyContactField = fields({
  name: v.pipe(v.string(NAME_MESSAGE), v.trim(), v.minLength(2, NAME_MESSAGE), v.maxLength(100, 'The name must not exceed 100 characters')),
  phone: v.pipe(v.string(PHONE_MESSAGE), v.trim(), v.regex(/^\+?[0-9 ()-]{7,20}$/, PHONE_MESSAGE)),
});

const WaiverAcceptanceEntries = {
  waivers: v.pipe(v.array(strictFields({ id: v.number(), version: v.number() })), v.maxLength(5)),
  emergencyContact: EmergencyContactField,
  attendees: v.pipe(
    v.array(
      strictFields({
        position: v.pipe(v.number(), v.integer(), v.minValue(0)),
        accepted: v.boolean(),
        medicalNote: v.optional(v.pipe(v.string(), v.maxLength(500, 'A medical note must not exceed 500 characters'))),
      }),
    ),
    v.maxLength(100),
  ),
};

const ACCEPTANCE_EXAMPLE = {
  waivers: [{ id: 1, version: 1 }],
  emergencyContact: { name: 'Sam Lee', phone: '+14155550100' },
  attendees: [
    { position: 0, accepted: true, medicalNote: 'Mild asthma: inhaler in her bag.' },
    { position: 1, accepted: true },
  ],
};

/** PUT /api/bookings/{id}/waivers: the waivers read (each with its version), the emergency contact, and for
 * each spot its acceptance and an optional medical note (shown only to the class's coach). */
export const AcceptWaiversBody = withExample(fields(WaiverAcceptanceEntries), {
  ...ACCEPTANCE_EXAMPLE,
  attendees: [ACCEPTANCE_EXAMPLE.attendees[0]!],
});

/** `waiverAcceptance` on every booking request (free booking, checkout hold, accepting an offer): the same
 * acceptance, recorded in the booking's own write. A free booking or a free offer needs it, unless this account
 * already accepted the same versions for the same people (GET /api/classes/{id}/waivers says for whom). */
export const WaiverAcceptanceField = v.optional(
  v.pipe(
    strictFields(WaiverAcceptanceEntries, 'Send waiverAcceptance as {"waivers", "emergencyContact", "attendees"}.'),
    v.description(
      "The class's current waivers as read (id and version), an emergency contact, and per spot (position 0 = the first attendee) accepted: true and an optional medical note only the class's coach sees. Required to book a free class or accept a free offer unless every attendee already accepted these versions from this account (the last emergency contact is then reused); a payment hold records it when sent and cannot be paid without it.",
    ),
  ),
);
export type AcceptWaiversBody = v.InferOutput<typeof AcceptWaiversBody>;

/** One acceptance as its record reads: the exact text, who accepted for whom, when and from where. */
export const WaiverAcceptance = v.object({
  position: v.number(),
  attendeeName: v.string(),
  waiverId: v.number(),
  title: v.string(),
  body: v.string(),
  version: v.number(),
  textHash: v.string(),
  relation: v.picklist(['self', 'guardian', 'companion']),
  acceptedBy: v.nullable(v.number()),
  ipAddress: v.string(),
  userAgent: v.string(),
  acceptedAt: v.string(),
});

/** GET /api/bookings/{id}/waivers and the admin's export: a booking's waiver record. */
export const WaiverRecord = v.object({
  bookingId: v.number(),
  classId: v.number(),
  classTitle: v.string(),
  classStart: v.nullable(v.string()),
  emergencyContact: v.nullable(v.object({ name: v.string(), phone: v.string() })),
  acceptances: v.array(WaiverAcceptance),
});
export type WaiverRecord = v.InferOutput<typeof WaiverRecord>;

export const WaiverClassParams = v.object({ id: pathId(12) });
export const WaiverCoachParams = v.object({ id: pathId(3) });
export const WaiverBookingParams = v.object({ id: pathId(1) });
