// Counts in words for messages and emails: "1 spot", "3 spots". Plain functions, so the site can use them too.

/** The count with its noun, singular for exactly one: countOf(2, 'attendee') is "2 attendees". */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}

/** "1 spot", "3 spots" */
export const spotCount = (count: number): string => countOf(count, 'spot');
