// Coach search (customer-areas §5): case-insensitive contains on the full name or the bio.
export function matchesCoachSearch(coach: { firstName: string; lastName: string; bio: string | null }, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return `${coach.firstName} ${coach.lastName}`.toLowerCase().includes(q) || (coach.bio ?? '').toLowerCase().includes(q);
}
