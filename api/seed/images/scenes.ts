// Scenery and props for the demo artwork: skies, fog, hills, water, the Golden Gate Bridge, the skyline,
// trees, Victorian houses and the gear of every class type. Everything is plain shapes and gradients.
import { shade } from './people';
import { C, type Canvas, linear, n, type Point, radial, ridge } from './svg';

export type Mood = 'sunset' | 'morning' | 'day' | 'dusk' | 'night' | 'fog';

const SKIES: Record<Mood, Array<[number, string]>> = {
  sunset: [
    [0, '#2f8f88'],
    [0.42, '#f3a27c'],
    [0.72, '#ffc68c'],
    [1, '#ffe6c8'],
  ],
  morning: [
    [0, '#9ddbd1'],
    [0.55, '#e6f6f2'],
    [1, '#fff1e6'],
  ],
  day: [
    [0, '#5fc0b4'],
    [0.6, '#bfe9e1'],
    [1, '#eefaf8'],
  ],
  dusk: [
    [0, '#124d49'],
    [0.5, '#2b8c84'],
    [0.85, '#f3a27c'],
    [1, '#ffc68c'],
  ],
  night: [
    [0, '#0b1f24'],
    [0.55, '#124d49'],
    [1, '#2b8c84'],
  ],
  fog: [
    [0, '#c9d6db'],
    [0.5, '#e8eef0'],
    [1, '#f7f9fa'],
  ],
};

/** The sky fills the whole picture; its gradient runs down to the horizon and holds its last colour below. */
export function sky(c: Canvas, mood: Mood, horizon = c.height): void {
  const [id, def] = linear(SKIES[mood], [0, 0], [0, Math.round(horizon)]);
  c.paint([id, def.replace('<linearGradient ', '<linearGradient gradientUnits="userSpaceOnUse" ')]);
  c.add(`<rect width="${c.width}" height="${c.height}" fill="url(#${id})"/>`);
}

export function sun(c: Canvas, x: number, y: number, r: number, color: string = C.sun): void {
  const glow = c.paint(
    radial([
      [0, color, 0.7],
      [0.5, color, 0.18],
      [1, color, 0],
    ]),
  );
  c.add(
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 3.2)}" fill="${glow}"/>`,
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${color}"/>`,
  );
}

export function moonAndStars(c: Canvas, x: number, y: number): void {
  const stars: Point[] = [
    [0.1, 0.08],
    [0.22, 0.2],
    [0.35, 0.06],
    [0.5, 0.15],
    [0.62, 0.05],
    [0.78, 0.18],
    [0.9, 0.09],
    [0.15, 0.3],
    [0.7, 0.28],
  ];
  c.add(stars.map(([sx, sy]) => `<circle cx="${n(sx * c.width)}" cy="${n(sy * c.height)}" r="1.6" fill="#fff" opacity="0.8"/>`).join(''));
  c.add(
    `<circle cx="${n(x)}" cy="${n(y)}" r="22" fill="#fdf6e3"/><circle cx="${n(x + 9)}" cy="${n(y - 6)}" r="19" fill="${C.teal800}" opacity="0.9"/>`,
  );
}

/** Soft horizontal banks of fog. */
export function fog(c: Canvas, y: number, opacity = 0.6, spread = 1): void {
  const w = c.width;
  c.add(
    `<g fill="#fff" opacity="${opacity}">` +
      `<ellipse cx="${n(w * 0.2)}" cy="${n(y)}" rx="${n(w * 0.32 * spread)}" ry="${n(18 * spread)}"/>` +
      `<ellipse cx="${n(w * 0.62)}" cy="${n(y + 10)}" rx="${n(w * 0.4 * spread)}" ry="${n(22 * spread)}"/>` +
      `<ellipse cx="${n(w * 0.95)}" cy="${n(y - 6)}" rx="${n(w * 0.25 * spread)}" ry="${n(15 * spread)}"/>` +
      `</g>`,
  );
}

export function water(c: Canvas, y: number, colors: [string, string] = [C.teal400, C.teal700], bottom = c.height): void {
  c.add(
    `<rect y="${n(y)}" width="${c.width}" height="${n(bottom - y)}" fill="${c.paint(
      linear([
        [0, colors[0]],
        [1, colors[1]],
      ]),
    )}"/>`,
  );
  const lines: string[] = [];
  for (let i = 0; i < 9; i++) {
    const ly = y + 8 + i * ((bottom - y) / 10);
    const lx = ((i * 173) % c.width) + 20;
    lines.push(`M${n(lx)} ${n(ly)}h${n(30 + (i % 3) * 24)}`);
  }
  c.add(`<path d="${lines.join('')}" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity="0.35"/>`);
}

/** Distant rolling hills across the picture. */
export function hills(c: Canvas, y: number, color: string, amplitude = 30, phase = 0, opacity = 1): void {
  const pts: Point[] = [];
  for (let i = 0; i <= 6; i++) pts.push([(c.width * i) / 6, y - amplitude * (0.5 + 0.5 * Math.sin(i * 1.7 + phase))]);
  c.add(ridge(pts, c.height, color, opacity < 1 ? ` opacity="${opacity}"` : ''));
}

/** The Golden Gate Bridge: two towers, the main cable and the deck. `x` is the left tower, `y` the water line. */
export function bridge(c: Canvas, x: number, y: number, s: number, color: string = C.orange600, span = 300): void {
  const top = y - 190 * s;
  const deck = y - 52 * s;
  const tower = (tx: number) => {
    const w = 7 * s;
    const gap = 14 * s;
    const braces = [0.18, 0.42, 0.64]
      .map(
        (f) =>
          `<rect x="${n(tx - gap / 2 - w / 2)}" y="${n(top + (y - top) * f)}" width="${n(gap + w)}" height="${n(6 * s)}" fill="${color}"/>`,
      )
      .join('');
    return `<rect x="${n(tx - gap / 2 - w / 2)}" y="${n(top)}" width="${n(w)}" height="${n(y - top)}" fill="${color}"/><rect x="${n(tx + gap / 2 - w / 2)}" y="${n(top)}" width="${n(w)}" height="${n(y - top)}" fill="${color}"/>${braces}`;
  };
  const x2 = x + span * s;
  const left = x - span * 0.55 * s;
  const right = x2 + span * 0.55 * s;
  const suspenders: string[] = [];
  for (let i = 1; i < 16; i++) {
    const t = i / 16;
    const sx = x + (x2 - x) * t;
    const sy = top + 4 * s + (deck - top - 14 * s) * (1 - Math.pow(2 * t - 1, 2));
    suspenders.push(`M${n(sx)} ${n(sy)}V${n(deck)}`);
  }
  c.add(
    `<g>` +
      `<path d="${suspenders.join('')}" stroke="${color}" stroke-width="${n(1.2 * s)}" opacity="0.7"/>` +
      `<path d="M${n(left)} ${n(deck - 4 * s)}Q${n((left + x) / 2)} ${n(deck - 30 * s)} ${n(x)} ${n(top + 4 * s)}Q${n((x + x2) / 2)} ${n(deck + 6 * s)} ${n(x2)} ${n(top + 4 * s)}Q${n((x2 + right) / 2)} ${n(deck - 30 * s)} ${n(right)} ${n(deck - 4 * s)}" stroke="${color}" stroke-width="${n(2.6 * s)}" fill="none"/>` +
      `<rect x="${n(left)}" y="${n(deck)}" width="${n(right - left)}" height="${n(7 * s)}" fill="${shade(color, 0.15)}"/>` +
      tower(x) +
      tower(x2) +
      `</g>`,
  );
}

/** Downtown: towers, the Transamerica Pyramid and the Salesforce Tower, in one flat colour. */
export function skyline(c: Canvas, x: number, y: number, s: number, color: string): void {
  const blocks: Array<[number, number, number]> = [
    [0, 40, 60],
    [22, 30, 90],
    [50, 36, 70],
    [84, 26, 120],
    [108, 34, 84],
    [150, 30, 100],
    [178, 40, 64],
    [216, 28, 80],
    [242, 34, 56],
  ];
  const rects = blocks
    .map(([bx, w, h]) => `<rect x="${n(x + bx * s)}" y="${n(y - h * s)}" width="${n(w * s)}" height="${n(h * s)}"/>`)
    .join('');
  const pyramid = `<path d="M${n(x + 134 * s)} ${n(y)}L${n(x + 142 * s)} ${n(y - 150 * s)}L${n(x + 150 * s)} ${n(y)}Z"/>`;
  const salesforce = `<path d="M${n(x + 190 * s)} ${n(y)}V${n(y - 130 * s)}Q${n(x + 201 * s)} ${n(y - 160 * s)} ${n(x + 212 * s)} ${n(y - 130 * s)}V${n(y)}Z"/>`;
  c.add(`<g fill="${color}">${rects}${pyramid}${salesforce}</g>`);
}

/** Sutro Tower on its hill. */
export function sutro(c: Canvas, x: number, y: number, s: number, color: string): void {
  c.add(
    `<g stroke="${color}" stroke-width="${n(2.4 * s)}" fill="none" stroke-linecap="round">` +
      `<path d="M${n(x - 14 * s)} ${n(y)}L${n(x)} ${n(y - 90 * s)}L${n(x + 14 * s)} ${n(y)}M${n(x)} ${n(y)}V${n(y - 90 * s)}"/>` +
      `<path d="M${n(x - 16 * s)} ${n(y - 62 * s)}H${n(x + 16 * s)}M${n(x - 18 * s)} ${n(y - 88 * s)}H${n(x + 18 * s)}"/>` +
      `<path d="M${n(x - 16 * s)} ${n(y - 62 * s)}V${n(y - 104 * s)}M${n(x)} ${n(y - 62 * s)}V${n(y - 110 * s)}M${n(x + 16 * s)} ${n(y - 62 * s)}V${n(y - 104 * s)}"/>` +
      `</g>`,
  );
}

/** A windswept Monterey cypress. */
export function cypress(c: Canvas, x: number, y: number, s: number, color: string = C.teal800): void {
  c.add(
    `<g fill="${color}">` +
      `<path d="M${n(x - 4 * s)} ${n(y)}L${n(x - 2 * s)} ${n(y - 60 * s)}L${n(x + 6 * s)} ${n(y - 60 * s)}L${n(x + 8 * s)} ${n(y)}Z" fill="${shade(color, 0.3)}"/>` +
      `<ellipse cx="${n(x - 30 * s)}" cy="${n(y - 70 * s)}" rx="${n(44 * s)}" ry="${n(16 * s)}"/>` +
      `<ellipse cx="${n(x + 20 * s)}" cy="${n(y - 92 * s)}" rx="${n(56 * s)}" ry="${n(20 * s)}"/>` +
      `<ellipse cx="${n(x - 6 * s)}" cy="${n(y - 116 * s)}" rx="${n(40 * s)}" ry="${n(16 * s)}"/>` +
      `<ellipse cx="${n(x + 44 * s)}" cy="${n(y - 72 * s)}" rx="${n(30 * s)}" ry="${n(12 * s)}"/>` +
      `</g>`,
  );
}

/** A round park tree. */
export function tree(c: Canvas, x: number, y: number, s: number, color: string = C.grassDark): void {
  c.add(
    `<rect x="${n(x - 5 * s)}" y="${n(y - 50 * s)}" width="${n(10 * s)}" height="${n(50 * s)}" rx="${n(3 * s)}" fill="${shade(color, 0.45)}"/>` +
      `<circle cx="${n(x)}" cy="${n(y - 78 * s)}" r="${n(36 * s)}" fill="${color}"/>` +
      `<circle cx="${n(x - 24 * s)}" cy="${n(y - 58 * s)}" r="${n(22 * s)}" fill="${color}"/>` +
      `<circle cx="${n(x + 26 * s)}" cy="${n(y - 60 * s)}" r="${n(24 * s)}" fill="${shade(color, 0.1)}"/>` +
      `<circle cx="${n(x - 10 * s)}" cy="${n(y - 92 * s)}" r="${n(14 * s)}" fill="#fff" opacity="0.12"/>`,
  );
}

/** A row of Painted Ladies (the Victorians of Alamo Square). */
export function victorians(c: Canvas, x: number, y: number, s: number, colors: string[]): void {
  const out: string[] = [];
  colors.forEach((color, i) => {
    const hx = x + i * 70 * s;
    const w = 66 * s;
    const body = 110 * s;
    const trim = '#fff';
    out.push(
      `<path d="M${n(hx)} ${n(y)}V${n(y - body)}L${n(hx + w / 2)} ${n(y - body - 40 * s)}L${n(hx + w)} ${n(y - body)}V${n(y)}Z" fill="${color}"/>`,
      `<path d="M${n(hx - 3 * s)} ${n(y - body + 2 * s)}L${n(hx + w / 2)} ${n(y - body - 42 * s)}L${n(hx + w + 3 * s)} ${n(y - body + 2 * s)}" stroke="${trim}" stroke-width="${n(4 * s)}" fill="none"/>`,
      `<circle cx="${n(hx + w / 2)}" cy="${n(y - body - 14 * s)}" r="${n(7 * s)}" fill="${trim}" opacity="0.85"/>`,
      `<g fill="${shade(color, 0.35)}" stroke="${trim}" stroke-width="${n(2 * s)}">` +
        `<rect x="${n(hx + 10 * s)}" y="${n(y - body + 14 * s)}" width="${n(18 * s)}" height="${n(26 * s)}"/>` +
        `<rect x="${n(hx + 38 * s)}" y="${n(y - body + 14 * s)}" width="${n(18 * s)}" height="${n(26 * s)}"/>` +
        `<rect x="${n(hx + 10 * s)}" y="${n(y - body + 56 * s)}" width="${n(18 * s)}" height="${n(26 * s)}"/>` +
        `<rect x="${n(hx + 38 * s)}" y="${n(y - 36 * s)}" width="${n(18 * s)}" height="${n(36 * s)}" fill="${shade(color, 0.5)}"/>` +
        `</g>`,
      `<rect x="${n(hx)}" y="${n(y - body + 46 * s)}" width="${n(w)}" height="${n(4 * s)}" fill="${trim}" opacity="0.8"/>`,
    );
  });
  c.add(out.join(''));
}

// Props --------------------------------------------------------------------------------------------------

export function mat(x: number, y: number, w: number, color: string): string {
  return `<rect x="${n(x - w / 2)}" y="${n(y - 4)}" width="${n(w)}" height="10" rx="5" fill="${color}"/><rect x="${n(x - w / 2)}" y="${n(y + 3)}" width="${n(w)}" height="3" rx="1.5" fill="${shade(color, 0.25)}"/>`;
}

export function shadow(x: number, y: number, w: number): string {
  return `<ellipse cx="${n(x)}" cy="${n(y + 2)}" rx="${n(w / 2)}" ry="${n(w / 14)}" fill="#000" opacity="0.12"/>`;
}

export function kettlebell(x: number, y: number, s: number, color: string = C.fog700): string {
  return `<path d="M${n(x - 9 * s)} ${n(y - 24 * s)}C${n(x - 11 * s)} ${n(y - 40 * s)} ${n(x + 11 * s)} ${n(y - 40 * s)} ${n(x + 9 * s)} ${n(y - 24 * s)}" stroke="${color}" stroke-width="${n(5 * s)}" fill="none"/><circle cx="${n(x)}" cy="${n(y - 12 * s)}" r="${n(14 * s)}" fill="${color}"/><circle cx="${n(x - 5 * s)}" cy="${n(y - 17 * s)}" r="${n(4 * s)}" fill="#fff" opacity="0.25"/>`;
}

export function barbell(x1: number, x2: number, y: number, s = 1, plate: string = C.orange500): string {
  const plates = (px: number, dir: number) =>
    `<rect x="${n(px - 6 * s)}" y="${n(y - 26 * s)}" width="${n(12 * s)}" height="${n(52 * s)}" rx="${n(3 * s)}" fill="${plate}"/><rect x="${n(px + dir * 10 * s - 4 * s)}" y="${n(y - 18 * s)}" width="${n(8 * s)}" height="${n(36 * s)}" rx="${n(2 * s)}" fill="${shade(plate, 0.25)}"/>`;
  return `<rect x="${n(x1 - 30 * s)}" y="${n(y - 3 * s)}" width="${n(x2 - x1 + 60 * s)}" height="${n(6 * s)}" rx="${n(3 * s)}" fill="${C.fog500}"/>${plates(x1, 1)}${plates(x2, -1)}`;
}

export function dumbbell(x: number, y: number, s: number, color: string = C.teal700): string {
  return `<rect x="${n(x - 16 * s)}" y="${n(y - 3 * s)}" width="${n(32 * s)}" height="${n(6 * s)}" fill="${C.fog500}"/><rect x="${n(x - 24 * s)}" y="${n(y - 10 * s)}" width="${n(10 * s)}" height="${n(20 * s)}" rx="${n(3 * s)}" fill="${color}"/><rect x="${n(x + 14 * s)}" y="${n(y - 10 * s)}" width="${n(10 * s)}" height="${n(20 * s)}" rx="${n(3 * s)}" fill="${color}"/>`;
}

export function racket(x: number, y: number, angle: number, s = 1, color: string = C.teal600): string {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${angle}) scale(${s})">` +
    `<rect x="-3" y="-2" width="6" height="30" rx="3" fill="${C.fog700}"/>` +
    `<ellipse cx="0" cy="-26" rx="17" ry="23" fill="#fff" fill-opacity="0.3" stroke="${color}" stroke-width="4.5"/>` +
    `<path d="M-8 -44V-8M0 -48V-4M8 -44V-8M-15 -34H15M-16 -24H16M-14 -14H14" stroke="#fff" stroke-width="1.2" opacity="0.8"/>` +
    `</g>`
  );
}

export function tennisBall(x: number, y: number, r: number): string {
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="#d9ec4c"/><path d="M${n(x - r * 0.9)} ${n(y - r * 0.4)}Q${n(x)} ${n(y)} ${n(x - r * 0.4)} ${n(y + r * 0.9)}M${n(x + r * 0.4)} ${n(y - r * 0.9)}Q${n(x)} ${n(y)} ${n(x + r * 0.9)} ${n(y + r * 0.4)}" stroke="#fff" stroke-width="${n(r * 0.16)}" fill="none"/>`;
}

export function soccerBall(x: number, y: number, r: number): string {
  const pent = (cx: number, cy: number, pr: number) =>
    `<path d="${[0, 1, 2, 3, 4].map((i) => `${i ? 'L' : 'M'}${n(cx + pr * Math.sin((i * 2 * Math.PI) / 5))} ${n(cy - pr * Math.cos((i * 2 * Math.PI) / 5))}`).join('')}Z" fill="${C.fog900}"/>`;
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="#fff" stroke="${C.fog300}" stroke-width="${n(r * 0.06)}"/>${pent(x, y, r * 0.35)}${pent(x - r * 0.78, y - r * 0.25, r * 0.2)}${pent(x + r * 0.78, y - r * 0.25, r * 0.2)}${pent(x, y + r * 0.8, r * 0.2)}`;
}

export function goal(x: number, y: number, w: number, h: number): string {
  const net: string[] = [];
  for (let i = 1; i < 8; i++) net.push(`M${n(x + (w * i) / 8)} ${n(y - h)}V${n(y)}`);
  for (let i = 1; i < 4; i++) net.push(`M${n(x)} ${n(y - (h * i) / 4)}H${n(x + w)}`);
  return `<path d="${net.join('')}" stroke="#fff" stroke-width="1.5" opacity="0.6"/><path d="M${n(x)} ${n(y)}V${n(y - h)}H${n(x + w)}V${n(y)}" stroke="#fff" stroke-width="7" fill="none" stroke-linejoin="round"/>`;
}

export function cone(x: number, y: number, s = 1): string {
  return `<path d="M${n(x - 12 * s)} ${n(y)}L${n(x - 3 * s)} ${n(y - 30 * s)}H${n(x + 3 * s)}L${n(x + 12 * s)} ${n(y)}Z" fill="${C.orange500}"/><path d="M${n(x - 8 * s)} ${n(y - 14 * s)}H${n(x + 8 * s)}" stroke="#fff" stroke-width="${n(4 * s)}"/><rect x="${n(x - 16 * s)}" y="${n(y - 3 * s)}" width="${n(32 * s)}" height="${n(4 * s)}" rx="2" fill="${C.orange600}"/>`;
}

export function surfboard(x: number, y: number, length: number, angle: number, color: string, stripe: string = '#fff'): string {
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${angle})"><ellipse rx="${n(length / 2)}" ry="${n(length / 11)}" fill="${color}"/><path d="M${n(-length / 2 + 8)} 0H${n(length / 2 - 8)}" stroke="${stripe}" stroke-width="${n(length / 60)}" opacity="0.9"/></g>`;
}

export function easel(x: number, y: number, s: number, painting: string): string {
  const w = 120 * s;
  const h = 92 * s;
  return (
    `<g stroke="${C.orange700}" stroke-width="${n(6 * s)}" stroke-linecap="round" fill="none"><path d="M${n(x - 40 * s)} ${n(y)}L${n(x)} ${n(y - 210 * s)}L${n(x + 40 * s)} ${n(y)}M${n(x)} ${n(y - 210 * s)}L${n(x + 8 * s)} ${n(y)}"/></g>` +
    `<rect x="${n(x - w / 2 - 6 * s)}" y="${n(y - 100 * s)}" width="${n(w + 12 * s)}" height="${n(8 * s)}" rx="2" fill="${C.orange700}"/>` +
    `<g transform="translate(${n(x - w / 2)} ${n(y - 100 * s - h)})"><rect width="${n(w)}" height="${n(h)}" fill="#fffaf2" stroke="#fff" stroke-width="${n(3 * s)}"/>${painting}</g>`
  );
}

export function palette(x: number, y: number, s: number): string {
  const dots = [C.orange500, C.gold, C.teal500, '#e86a92', '#4f7fd1']
    .map((col, i) => `<circle cx="${n(x - 24 * s + i * 13 * s)}" cy="${n(y - 6 * s + (i % 2) * 9 * s)}" r="${n(5.5 * s)}" fill="${col}"/>`)
    .join('');
  return `<path d="M${n(x - 40 * s)} ${n(y)}C${n(x - 44 * s)} ${n(y - 30 * s)} ${n(x + 30 * s)} ${n(y - 34 * s)} ${n(x + 42 * s)} ${n(y - 8 * s)}C${n(x + 50 * s)} ${n(y + 10 * s)} ${n(x + 20 * s)} ${n(y + 4 * s)} ${n(x + 16 * s)} ${n(y + 14 * s)}C${n(x + 10 * s)} ${n(y + 26 * s)} ${n(x - 36 * s)} ${n(y + 26 * s)} ${n(x - 40 * s)} ${n(y)}Z" fill="#e9c89a"/><circle cx="${n(x + 26 * s)}" cy="${n(y + 2 * s)}" r="${n(6 * s)}" fill="${shade('#e9c89a', 0.25)}"/>${dots}`;
}

export function camera(x: number, y: number, s: number, color: string = C.fog900): string {
  return `<rect x="${n(x - 34 * s)}" y="${n(y - 22 * s)}" width="${n(68 * s)}" height="${n(46 * s)}" rx="${n(8 * s)}" fill="${color}"/><rect x="${n(x - 14 * s)}" y="${n(y - 30 * s)}" width="${n(28 * s)}" height="${n(10 * s)}" rx="${n(3 * s)}" fill="${color}"/><circle cx="${n(x)}" cy="${n(y + 1 * s)}" r="${n(17 * s)}" fill="${C.fog500}"/><circle cx="${n(x)}" cy="${n(y + 1 * s)}" r="${n(11 * s)}" fill="${C.teal800}"/><circle cx="${n(x - 4 * s)}" cy="${n(y - 3 * s)}" r="${n(3.5 * s)}" fill="#fff" opacity="0.7"/><rect x="${n(x + 20 * s)}" y="${n(y - 17 * s)}" width="${n(8 * s)}" height="${n(5 * s)}" rx="1" fill="${C.orange500}"/>`;
}

export function djembe(x: number, y: number, s: number, color: string = C.orange600): string {
  const rope: string[] = [];
  for (let i = 0; i < 6; i++) rope.push(`M${n(x - 24 * s + i * 9.6 * s)} ${n(y - 80 * s)}L${n(x - 19 * s + i * 7.6 * s)} ${n(y - 44 * s)}`);
  return (
    `<path d="M${n(x - 28 * s)} ${n(y - 82 * s)}C${n(x - 26 * s)} ${n(y - 50 * s)} ${n(x - 10 * s)} ${n(y - 48 * s)} ${n(x - 10 * s)} ${n(y - 36 * s)}L${n(x - 16 * s)} ${n(y)}H${n(x + 16 * s)}L${n(x + 10 * s)} ${n(y - 36 * s)}C${n(x + 10 * s)} ${n(y - 48 * s)} ${n(x + 26 * s)} ${n(y - 50 * s)} ${n(x + 28 * s)} ${n(y - 82 * s)}Z" fill="${color}"/>` +
    `<path d="${rope.join('')}" stroke="#f6e7c8" stroke-width="${n(1.6 * s)}" opacity="0.9"/>` +
    `<ellipse cx="${n(x)}" cy="${n(y - 82 * s)}" rx="${n(29 * s)}" ry="${n(7 * s)}" fill="#f3dfba"/>` +
    `<rect x="${n(x - 29 * s)}" y="${n(y - 78 * s)}" width="${n(58 * s)}" height="${n(5 * s)}" rx="2" fill="${shade(color, 0.35)}"/>`
  );
}

export function note(x: number, y: number, s: number, color: string): string {
  return `<g fill="${color}"><ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(8 * s)}" ry="${n(6 * s)}" transform="rotate(-20 ${n(x)} ${n(y)})"/><rect x="${n(x + 6 * s)}" y="${n(y - 34 * s)}" width="${n(3 * s)}" height="${n(34 * s)}"/><path d="M${n(x + 9 * s)} ${n(y - 34 * s)}q${n(12 * s)} ${n(6 * s)} ${n(10 * s)} ${n(18 * s)}q${n(-2 * s)} ${n(-8 * s)} ${n(-10 * s)} ${n(-10 * s)}Z"/></g>`;
}

export function stringLights(x1: number, x2: number, y: number, sag: number): string {
  const bulbs: string[] = [];
  const colors = [C.gold, C.orange300, '#fff3c4', C.teal200];
  for (let i = 1; i < 12; i++) {
    const t = i / 12;
    bulbs.push(`<circle cx="${n(x1 + (x2 - x1) * t)}" cy="${n(y + 4 * sag * t * (1 - t) + 6)}" r="5" fill="${colors[i % 4]}"/>`);
  }
  return `<path d="M${n(x1)} ${n(y)}Q${n((x1 + x2) / 2)} ${n(y + 2 * sag)} ${n(x2)} ${n(y)}" stroke="${C.fog900}" stroke-width="1.5" fill="none" opacity="0.6"/>${bulbs.join('')}`;
}

/** A breaking wave curling to the right, with foam. */
export function wave(x: number, y: number, s: number, colors: [string, string] = [C.teal400, C.teal700]): string {
  return (
    `<path d="M${n(x - 260 * s)} ${n(y)}C${n(x - 120 * s)} ${n(y - 10 * s)} ${n(x - 60 * s)} ${n(y - 200 * s)} ${n(x + 60 * s)} ${n(y - 210 * s)}C${n(x + 150 * s)} ${n(y - 216 * s)} ${n(x + 190 * s)} ${n(y - 150 * s)} ${n(x + 150 * s)} ${n(y - 110 * s)}C${n(x + 130 * s)} ${n(y - 150 * s)} ${n(x + 70 * s)} ${n(y - 150 * s)} ${n(x + 40 * s)} ${n(y - 100 * s)}C${n(x + 10 * s)} ${n(y - 50 * s)} ${n(x + 40 * s)} ${n(y)} ${n(x + 120 * s)} ${n(y)}Z" fill="${colors[1]}"/>` +
    `<path d="M${n(x - 200 * s)} ${n(y)}C${n(x - 100 * s)} ${n(y - 20 * s)} ${n(x - 40 * s)} ${n(y - 170 * s)} ${n(x + 50 * s)} ${n(y - 184 * s)}C${n(x - 10 * s)} ${n(y - 140 * s)} ${n(x - 30 * s)} ${n(y - 60 * s)} ${n(x + 10 * s)} ${n(y)}Z" fill="${colors[0]}" opacity="0.8"/>` +
    `<path d="M${n(x + 20 * s)} ${n(y - 206 * s)}C${n(x + 90 * s)} ${n(y - 226 * s)} ${n(x + 176 * s)} ${n(y - 190 * s)} ${n(x + 156 * s)} ${n(y - 112 * s)}" stroke="#fff" stroke-width="${n(12 * s)}" stroke-linecap="round" fill="none"/>` +
    `<g fill="#fff"><circle cx="${n(x + 150 * s)}" cy="${n(y - 112 * s)}" r="${n(12 * s)}"/><circle cx="${n(x + 132 * s)}" cy="${n(y - 104 * s)}" r="${n(8 * s)}"/><circle cx="${n(x + 166 * s)}" cy="${n(y - 100 * s)}" r="${n(7 * s)}"/></g>`
  );
}
