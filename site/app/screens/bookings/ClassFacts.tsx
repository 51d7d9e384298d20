// A booking's or waitlist entry's class at a glance: date, start-end time, location and the spots it holds.
import { Icon } from '../../../components/catalog/icons';
import { classDate, classTime, locationOf } from '../../../lib/catalog';

interface FactsClass {
  startTime: string | null;
  endTime: string | null;
  location: string | null;
  address?: string | null;
}

export function ClassFacts({ cls, spots }: { cls: FactsClass; spots: string }) {
  return (
    <ul className="grid gap-1.5 text-sm text-fog-700 sm:grid-cols-2 dark:text-fog-300">
      <li className="flex items-center gap-2">
        <Icon name="calendar" className="h-4 w-4 shrink-0 text-fog-500" />
        {classDate(cls.startTime)}
      </li>
      <li className="flex items-center gap-2">
        <Icon name="clock" className="h-4 w-4 shrink-0 text-fog-500" />
        {classTime(cls.startTime, cls.endTime)}
      </li>
      <li className="flex items-center gap-2">
        <Icon name="pin" className="h-4 w-4 shrink-0 text-fog-500" />
        {locationOf(cls)}
      </li>
      <li className="flex items-center gap-2">
        <Icon name="users" className="h-4 w-4 shrink-0 text-fog-500" />
        {spots}
      </li>
    </ul>
  );
}
