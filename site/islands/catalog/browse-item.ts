// The slim class the browse island keeps per row (what the rows, the map and the client-side rules read).
import type { ClassItem } from '../../../api/catalog/service';

export interface BrowseItem {
  id: number;
  title: string;
  description: string;
  image: string | null;
  price: number;
  location: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  capacity: number;
  spotsLeft: number;
  startTime: string | null;
  endTime: string | null;
  ageGroup: string;
  categoryId: number | null;
  coach: { firstName: string; lastName: string; rating: number | null } | null;
  category: { name: string } | null;
}

export function toBrowseItem(item: ClassItem): BrowseItem {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    image: item.image,
    price: item.price,
    location: item.location,
    address: item.address,
    latitude: item.latitude,
    longitude: item.longitude,
    capacity: item.capacity,
    spotsLeft: item.spotsLeft,
    startTime: item.startTime,
    endTime: item.endTime,
    ageGroup: item.ageGroup,
    categoryId: item.categoryId,
    coach: item.coach ? { firstName: item.coach.firstName, lastName: item.coach.lastName, rating: item.coach.rating } : null,
    category: item.category ? { name: item.category.name } : null,
  };
}

/** Map pins for the classes that have coordinates (0,0 means none were found). */
export function pinsOf(items: BrowseItem[]) {
  return items
    .filter((c) => c.latitude !== null && c.longitude !== null && !(c.latitude === 0 && c.longitude === 0))
    .map((c) => ({ id: c.id, lat: c.latitude!, lng: c.longitude!, title: c.title, subtitle: c.location ?? undefined, href: `/classes/${c.id}` }));
}
