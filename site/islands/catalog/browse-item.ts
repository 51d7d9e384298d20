// The slim class the browse island keeps per row: what a row shows, and nothing more (the page ships it): the
// class card's fields, the coach's rating and, when a location is known, how far away the class is.
import type { ClassCardData } from '../../components/catalog/ClassCard';
import { toClassCard } from '../../components/catalog/ClassCard';
import type { ClassListItem } from '../../lib/catalog-api';

export interface BrowseItem extends Omit<ClassCardData, 'coach'> {
  coach: { firstName: string; lastName: string; rating: number | null } | null;
  /** Miles from the visitor's location (measured by the server); absent without one, null without coordinates. */
  distanceMiles?: number | null;
}

export function toBrowseItem(item: ClassListItem): BrowseItem {
  return {
    ...toClassCard(item),
    coach: item.coach ? { firstName: item.coach.firstName, lastName: item.coach.lastName, rating: item.coach.rating } : null,
    ...(item.distanceMiles !== undefined ? { distanceMiles: item.distanceMiles } : {}),
  };
}
