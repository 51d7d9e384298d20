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

/** PUT /api/bookings/{id}/waivers: the waivers read (each with its version), the emergency contact, and for
 * each spot its acceptance and an optional medical note (shown only to the class's coach). */
export const AcceptWaiversBody = withExample(
  fields({
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
  }),
  {
    waivers: [{ id: 1, version: 1 }],
    emergencyContact: { name: 'Sam Lee', phone: '+14155550100' },
    attendees: [{ position: 0, accepted: true, medicalNote: 'Mild asthma: inhaler in her bag.' }],
  },
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
