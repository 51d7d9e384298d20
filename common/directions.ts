// Directions to a class without a Maps key: Google Maps' and Apple Maps' public URL schemes to its meeting point
// (the coach's pin), else to the class's own coordinates. Shared by the class page and the emails.

/** Google Maps and Apple Maps directions to a point. */
export function directionsLinks(latitude: number, longitude: number): { google: string; apple: string } {
  const point = `${latitude},${longitude}`;
  return {
    google: `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(point)}`,
    apple: `https://maps.apple.com/?daddr=${encodeURIComponent(point)}`,
  };
}

interface Placed {
  latitude: number | null;
  longitude: number | null;
  meetingLatitude?: number | null;
  meetingLongitude?: number | null;
  meetingNotes?: string | null;
}

/** The point directions lead to, or null (0,0 is how an address without coordinates is stored). */
export function directionsPoint(cls: Placed): { latitude: number; longitude: number } | null {
  if (cls.meetingLatitude != null && cls.meetingLongitude != null)
    return { latitude: cls.meetingLatitude, longitude: cls.meetingLongitude };
  if (cls.latitude === null || cls.longitude === null || (cls.latitude === 0 && cls.longitude === 0)) return null;
  return { latitude: cls.latitude, longitude: cls.longitude };
}

/** The email lines of the meeting point ("Meeting point: by the big cypress") and its Directions links. */
export function meetingLines(cls: Placed): string[] {
  const point = directionsPoint(cls);
  if (!point) return [];
  const links = directionsLinks(point.latitude, point.longitude);
  return [
    ...(cls.meetingNotes ? [`Meeting point: ${cls.meetingNotes}`] : []),
    `Directions (Google Maps): ${links.google}`,
    `Directions (Apple Maps): ${links.apple}`,
  ];
}
