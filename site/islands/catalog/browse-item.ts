// The slim class the browse island keeps per row: what a row shows, and nothing more (the page ships it): the
// class card's fields and the coach's rating.
import type { ClassItem } from '../../../api/catalog/service';
import { type ClassCardData, toClassCard } from '../../components/catalog/ClassCard';

export interface BrowseItem extends Omit<ClassCardData, 'coach'> {
  coach: { firstName: string; lastName: string; rating: number | null } | null;
}

export function toBrowseItem(item: ClassItem): BrowseItem {
  return { ...toClassCard(item), coach: item.coach ? { firstName: item.coach.firstName, lastName: item.coach.lastName, rating: item.coach.rating } : null };
}
