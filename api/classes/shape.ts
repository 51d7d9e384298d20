// Class management's side of the Class entity: what a create or a change answers. The entity's JSON itself is api/lib/class-json.ts,
// shared with the catalogue; re-exported here for class management's files.
export { type ClassJson, type ClassRow, type ScheduleEntry, schedulesOf, toClassJson } from '../lib/class-json';
export { isBookable, isSeriesParent } from '../../common/class-series';
export { classEnd, placeOf } from '../lib/class-place';
import type { ClassJson } from '../lib/class-json';

/** What a create or a change answers (ClassWriteResult in model.ts). */
export interface ClassWriteResult extends ClassJson {
  sessionCount: number;
  updatedCount?: number;
  locationNotice: string | null;
}
