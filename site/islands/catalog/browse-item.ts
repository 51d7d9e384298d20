// The slim class the browse island keeps per row: what a row shows, and nothing more (the page ships it).
import type { ClassItem } from '../../../api/catalog/service';

export interface BrowseItem {
  id: number;
  title: string;
  image: string | null;
  price: number;
  location: string | null;
  address: string | null;
  capacity: number;
  spotsLeft: number;
  startTime: string | null;
  endTime: string | null;
  ageGroup: string;
  coach: { firstName: string; lastName: string; rating: number | null } | null;
  category: { name: string } | null;
}

export function toBrowseItem(item: ClassItem): BrowseItem {
  return {
    id: item.id,
    title: item.title,
    image: item.image,
    price: item.price,
    location: item.location,
    address: item.address,
    capacity: item.capacity,
    spotsLeft: item.spotsLeft,
    startTime: item.startTime,
    endTime: item.endTime,
    ageGroup: item.ageGroup,
    coach: item.coach ? { firstName: item.coach.firstName, lastName: item.coach.lastName, rating: item.coach.rating } : null,
    category: item.category ? { name: item.category.name } : null,
  };
}
