// Class types across fitness, sports, art, music and gym. Each has artwork under site/public/images/classes/.
export const CATEGORIES = [
  { key: 'yoga', name: 'Yoga' },
  { key: 'pilates', name: 'Pilates & Mobility' },
  { key: 'hiit', name: 'HIIT & Bootcamp' },
  { key: 'running', name: 'Running' },
  { key: 'strength', name: 'Strength & Gym' },
  { key: 'tennis', name: 'Tennis' },
  { key: 'soccer', name: 'Soccer' },
  { key: 'surfing', name: 'Surfing' },
  { key: 'dance', name: 'Dance' },
  { key: 'painting', name: 'Painting & Sketching' },
  { key: 'photography', name: 'Photography' },
  { key: 'music', name: 'Music & Drumming' },
] as const;

export type CategoryKey = (typeof CATEGORIES)[number]['key'];

/** Every category has two illustrations; classes alternate between them. */
export const IMAGES_PER_CATEGORY = 2;

export function classImage(category: CategoryKey, variant = 1): string {
  return `/images/classes/${category}-${((variant - 1) % IMAGES_PER_CATEGORY) + 1}.svg`;
}

export const DEFAULT_CLASS_IMAGE = '/images/classes/default.svg';
