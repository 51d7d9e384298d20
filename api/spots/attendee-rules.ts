// The attendee rule's words, with no runtime imports: the booking forms in the browser show the same message
// the booking domain answers with (api/attendees/model.ts re-exports it).
export const AGE_REQUIRED = "Kids classes need each child's age.";
