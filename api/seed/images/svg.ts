// Tiny SVG building blocks for the demo artwork generator: numbers, gradients, smooth outlines, documents.
export type Point = [number, number];

/** One decimal is plenty at these sizes and keeps files small. */
export const n = (v: number) => String(Math.round(v * 10) / 10);

export const PALETTE = {
  teal900: '#10403d',
  teal800: '#124d49',
  teal700: '#125f59',
  teal600: '#14766d',
  teal500: '#1f9387',
  teal400: '#3eaea1',
  teal300: '#72cbbf',
  teal200: '#a8e2d9',
  teal100: '#d3f1ec',
  teal50: '#eefaf8',
  orange700: '#a33514',
  orange600: '#c8431a',
  orange500: '#e8572a',
  orange300: '#ff9a6e',
  orange200: '#ffc1a1',
  orange100: '#ffe2d5',
  gold: '#f6b845',
  sun: '#ffd27a',
  fog50: '#f7f9fa',
  fog100: '#eef2f4',
  fog200: '#dde4e8',
  fog300: '#c3cdd3',
  fog400: '#93a1aa',
  fog500: '#66757f',
  fog700: '#38434b',
  fog900: '#141b20',
  sand: '#f1dfbf',
  sandDark: '#e2c594',
  grass: '#8cc79a',
  grassMid: '#5fae7a',
  grassDark: '#3d8a60',
  white: '#ffffff',
} as const;

const C = PALETTE;
export { C };

let gradientCount = 0;
/** A document-unique id for gradients and filters. */
export function uid(prefix: string): string {
  gradientCount += 1;
  return `${prefix}${gradientCount.toString(36)}`;
}
export function resetIds(): void {
  gradientCount = 0;
}

/** A vertical (default) linear gradient definition; returns [id, def]. */
export function linear(stops: Array<[number, string, number?]>, from: Point = [0, 0], to: Point = [0, 1]): [string, string] {
  const id = uid('g');
  const s = stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a !== undefined ? ` stop-opacity="${a}"` : ''}/>`).join('');
  return [id, `<linearGradient id="${id}" x1="${from[0]}" y1="${from[1]}" x2="${to[0]}" y2="${to[1]}">${s}</linearGradient>`];
}

export function radial(stops: Array<[number, string, number?]>, cx = 0.5, cy = 0.5, r = 0.5): [string, string] {
  const id = uid('r');
  const s = stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a !== undefined ? ` stop-opacity="${a}"` : ''}/>`).join('');
  return [id, `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${s}</radialGradient>`];
}

/** A smooth curve through the points (Catmull-Rom as cubic Béziers). */
export function smooth(points: Point[]): string {
  let d = `M${n(points[0]![0])} ${n(points[0]![1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[i - 1] ?? points[i]!;
    const p1 = points[i]!;
    const p2 = points[i + 1]!;
    const p3 = points[i + 2] ?? p2;
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p2[0])} ${n(p2[1])}`;
  }
  return d;
}

/** A filled hill: a smooth ridge line closed down to the bottom of the picture. */
export function ridge(points: Point[], bottom: number, fill: string, extra = ''): string {
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return `<path d="${smooth(points)}L${n(last[0])} ${n(bottom)}L${n(first[0])} ${n(bottom)}Z" fill="${fill}"${extra}/>`;
}

/** A complete SVG document; `defs` are collected by the caller. */
export function document(width: number, height: number, title: string, defs: string[], body: string): string {
  title = title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    (defs.length ? `<defs>${defs.join('')}</defs>` : '') +
    body +
    `</svg>`
  );
}

/** Collects gradient definitions while a picture is drawn. */
export class Canvas {
  defs: string[] = [];
  parts: string[] = [];
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}
  /** Adds a gradient and returns `url(#id)`. */
  paint([id, def]: [string, string]): string {
    this.defs.push(def);
    return `url(#${id})`;
  }
  add(...parts: string[]): this {
    this.parts.push(...parts);
    return this;
  }
  toString(title: string): string {
    return document(this.width, this.height, title, this.defs, this.parts.join(''));
  }
}
