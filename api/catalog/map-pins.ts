// GET /api/classes/pins: what the browse map draws for the view it shows, clustered on the server. The browse
// matches inside the bounds are grouped on a grid of about 60 screen pixels at the map's zoom (the spec's
// cluster radius; from zoom 17 on, the spec's max cluster zoom, every class is its own pin): a cell holding
// one class is a pin (id, coordinates, price, title), a fuller one a cluster (centre, count). The grid
// coarsens until at most MAX_MARKERS remain, so the answer stays small (tens of KB) at any scale.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { centsToDollars } from '../../common/money';
import { browseConditions } from './browse-query';
import type { ClassFilters } from '../../common/class-filters';

export const MAX_MARKERS = 600;
const CLUSTER_RADIUS_PX = 60;
const MAX_CLUSTER_ZOOM = 16;

export interface MapView {
  /** south, west, north, east in degrees; the whole world when absent. */
  bounds?: [number, number, number, number];
  zoom: number;
}

export interface MapPins {
  total: number;
  pins: Array<{ id: number; lat: number; lng: number; price: number; title: string }>;
  clusters: Array<{ lat: number; lng: number; count: number }>;
}

/** Degrees of longitude that `pixels` span at a zoom level (the world is 256 x 2^zoom pixels wide). */
const degreesFor = (pixels: number, zoom: number) => (pixels * 360) / (256 * 2 ** zoom);

/** "south,west,north,east" as numbers, or null when it is not four finite coordinates in range. */
export function parseBounds(value: string | undefined): MapView['bounds'] | null {
  if (value === undefined) return undefined;
  const parts = value.split(',').map((part) => Number(part.trim()));
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  const [south, west, north, east] = parts as [number, number, number, number];
  if (Math.abs(south) > 90 || Math.abs(north) > 90 || Math.abs(west) > 180 || Math.abs(east) > 180 || south > north) return null;
  return [south, west, north, east];
}

export async function mapPins(db: Database, now: Date, filters: ClassFilters, view: MapView): Promise<MapPins> {
  const [south, west, north, east] = view.bounds ?? [-90, -180, 90, 180];
  // A view across the antimeridian (west > east) keeps both sides.
  const lng =
    west <= east
      ? sql`"classes"."longitude" BETWEEN ${west} AND ${east}`
      : sql`("classes"."longitude" >= ${west} OR "classes"."longitude" <= ${east})`;
  const where = sql`${(await browseConditions(db, filters, now)).count} AND "classes"."latitude" BETWEEN ${south} AND ${north} AND ${lng}
    AND "classes"."latitude" IS NOT NULL AND "classes"."longitude" IS NOT NULL AND NOT ("classes"."latitude" = 0 AND "classes"."longitude" = 0)`;
  // Past the max cluster zoom, cells are one pixel: classes at the same spot still share one.
  let cell = degreesFor(view.zoom > MAX_CLUSTER_ZOOM ? 1 : CLUSTER_RADIUS_PX, view.zoom);
  for (;;) {
    const groups = await db.all<{ n: number; lat: number; lng: number; id: number; price: number; title: string | null }>(sql`
      SELECT count(*) AS n, avg("classes"."latitude") AS lat, avg("classes"."longitude") AS lng, min("classes"."id") AS id,
             min("classes"."price_cents") AS price, CASE WHEN count(*) = 1 THEN min("classes"."title") END AS title
      FROM classes WHERE ${where}
      GROUP BY cast(("classes"."latitude" + 90) / ${cell} AS integer), cast(("classes"."longitude" + 180) / ${cell} AS integer)`);
    if (groups.length > MAX_MARKERS) {
      cell *= 4;
      continue;
    }
    const round = (n: number) => Math.round(Number(n) * 1e5) / 1e5;
    const answer: MapPins = { total: 0, pins: [], clusters: [] };
    for (const g of groups) {
      answer.total += Number(g.n);
      if (Number(g.n) === 1)
        answer.pins.push({
          id: Number(g.id),
          lat: round(g.lat),
          lng: round(g.lng),
          price: centsToDollars(Number(g.price)),
          title: g.title ?? '',
        });
      else answer.clusters.push({ lat: round(g.lat), lng: round(g.lng), count: Number(g.n) });
    }
    return answer;
  }
}
