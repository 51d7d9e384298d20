// Flat illustrated people for the demo artwork: full figures in activity poses and friendly portrait avatars.
import { C, Canvas, linear, n, type Point } from './svg';

export const SKIN = ['#f7d7bf', '#eebf98', '#d39b6f', '#b07345', '#7f4d2c', '#5a351e'] as const;
export const HAIR = { black: '#1c1714', brown: '#4a2f1d', auburn: '#8a3b1f', blond: '#d6a85c', grey: '#9aa3ab', dark: '#2c2018' } as const;

/** Darkens (amount > 0) or lightens (amount < 0) a hex colour. */
export function shade(hex: string, amount: number): string {
  const v = parseInt(hex.slice(1), 16);
  const f = (c: number) => Math.max(0, Math.min(255, Math.round(amount > 0 ? c * (1 - amount) : c + (255 - c) * -amount)));
  const r = f(v >> 16);
  const g = f((v >> 8) & 255);
  const b = f(v & 255);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

export interface Pose {
  head: Point;
  neck: Point;
  hip: Point;
  /** [back, front] */
  elbows: [Point, Point];
  hands: [Point, Point];
  knees: [Point, Point];
  feet: [Point, Point];
  /** The way the figure faces (1 right, -1 left); shoes and hair follow it. */
  facing?: 1 | -1;
  headAngle?: number;
}

export interface Look {
  skin: string;
  shirt: string;
  pants: string;
  hair: string;
  hairStyle: 'short' | 'long' | 'bun' | 'pony' | 'curly' | 'none';
  shoes?: string;
}

/** Poses in a figure's own units: feet on y = 0, about 200 tall, facing right. */
export const POSES = {
  stand: {
    head: [0, -186],
    neck: [0, -162],
    hip: [0, -95],
    elbows: [
      [-10, -132],
      [10, -132],
    ],
    hands: [
      [-12, -102],
      [12, -102],
    ],
    knees: [
      [-6, -48],
      [6, -48],
    ],
    feet: [
      [-8, 0],
      [8, 0],
    ],
  },
  wave: {
    head: [0, -186],
    neck: [0, -162],
    hip: [0, -95],
    elbows: [
      [-12, -132],
      [30, -178],
    ],
    hands: [
      [-14, -102],
      [38, -210],
    ],
    knees: [
      [-6, -48],
      [6, -48],
    ],
    feet: [
      [-8, 0],
      [8, 0],
    ],
  },
  tree: {
    head: [0, -187],
    neck: [0, -162],
    hip: [0, -95],
    elbows: [
      [-18, -190],
      [18, -190],
    ],
    hands: [
      [-3, -222],
      [3, -222],
    ],
    knees: [
      [-40, -68],
      [2, -48],
    ],
    feet: [
      [-3, -50],
      [2, 0],
    ],
  },
  warrior: {
    head: [4, -170],
    neck: [0, -147],
    hip: [0, -82],
    elbows: [
      [-46, -148],
      [46, -148],
    ],
    hands: [
      [-90, -150],
      [90, -150],
    ],
    knees: [
      [-36, -40],
      [48, -46],
    ],
    feet: [
      [-74, 0],
      [58, 0],
    ],
  },
  downDog: {
    head: [-58, -34],
    neck: [-45, -52],
    hip: [-2, -102],
    elbows: [
      [-64, -26],
      [-60, -26],
    ],
    hands: [
      [-80, -2],
      [-76, -2],
    ],
    knees: [
      [20, -52],
      [24, -52],
    ],
    feet: [
      [44, 0],
      [48, 0],
    ],
    facing: -1,
    headAngle: -140,
  },
  run: {
    head: [16, -181],
    neck: [10, -157],
    hip: [0, -92],
    elbows: [
      [30, -134],
      [-14, -130],
    ],
    hands: [
      [44, -150],
      [-10, -106],
    ],
    knees: [
      [-12, -44],
      [30, -62],
    ],
    feet: [
      [-44, -36],
      [26, -18],
    ],
  },
  jump: {
    head: [0, -201],
    neck: [0, -177],
    hip: [0, -110],
    elbows: [
      [-32, -200],
      [32, -200],
    ],
    hands: [
      [-52, -228],
      [52, -228],
    ],
    knees: [
      [-24, -64],
      [24, -64],
    ],
    feet: [
      [-42, -22],
      [42, -22],
    ],
  },
  squat: {
    head: [0, -154],
    neck: [0, -130],
    hip: [0, -66],
    elbows: [
      [-46, -112],
      [46, -112],
    ],
    hands: [
      [-40, -134],
      [40, -134],
    ],
    knees: [
      [-42, -40],
      [42, -40],
    ],
    feet: [
      [-30, 0],
      [30, 0],
    ],
  },
  press: {
    head: [0, -186],
    neck: [0, -162],
    hip: [0, -95],
    elbows: [
      [-38, -184],
      [38, -184],
    ],
    hands: [
      [-36, -218],
      [36, -218],
    ],
    knees: [
      [-14, -48],
      [14, -48],
    ],
    feet: [
      [-20, 0],
      [20, 0],
    ],
  },
  swing: {
    head: [8, -184],
    neck: [2, -160],
    hip: [-6, -94],
    elbows: [
      [30, -156],
      [32, -158],
    ],
    hands: [
      [58, -154],
      [60, -156],
    ],
    knees: [
      [2, -48],
      [6, -48],
    ],
    feet: [
      [-2, 0],
      [4, 0],
    ],
  },
  forehand: {
    head: [10, -182],
    neck: [6, -158],
    hip: [0, -92],
    elbows: [
      [-26, -142],
      [34, -150],
    ],
    hands: [
      [-48, -134],
      [58, -168],
    ],
    knees: [
      [-20, -46],
      [26, -50],
    ],
    feet: [
      [-30, 0],
      [32, 0],
    ],
  },
  kick: {
    head: [-10, -184],
    neck: [-8, -160],
    hip: [0, -95],
    elbows: [
      [-32, -150],
      [20, -148],
    ],
    hands: [
      [-58, -138],
      [40, -134],
    ],
    knees: [
      [-4, -48],
      [28, -70],
    ],
    feet: [
      [-8, 0],
      [62, -54],
    ],
  },
  surf: {
    head: [16, -154],
    neck: [8, -132],
    hip: [-4, -72],
    elbows: [
      [-30, -124],
      [40, -130],
    ],
    hands: [
      [-60, -116],
      [72, -124],
    ],
    knees: [
      [-24, -38],
      [30, -42],
    ],
    feet: [
      [-40, 0],
      [34, 0],
    ],
  },
  leap: {
    head: [26, -178],
    neck: [20, -155],
    hip: [0, -95],
    elbows: [
      [-18, -170],
      [44, -178],
    ],
    hands: [
      [-42, -186],
      [62, -206],
    ],
    knees: [
      [-40, -108],
      [2, -48],
    ],
    feet: [
      [-82, -120],
      [0, 0],
    ],
  },
  spin: {
    head: [0, -186],
    neck: [0, -162],
    hip: [0, -95],
    elbows: [
      [-30, -150],
      [22, -192],
    ],
    hands: [
      [-52, -160],
      [40, -220],
    ],
    knees: [
      [-6, -48],
      [10, -50],
    ],
    feet: [
      [-10, 0],
      [16, -6],
    ],
  },
  lead: {
    head: [4, -186],
    neck: [0, -162],
    hip: [0, -95],
    elbows: [
      [-28, -138],
      [34, -186],
    ],
    hands: [
      [-40, -118],
      [62, -208],
    ],
    knees: [
      [-10, -48],
      [12, -48],
    ],
    feet: [
      [-16, 0],
      [16, 0],
    ],
  },
  paint: {
    head: [6, -186],
    neck: [2, -162],
    hip: [0, -95],
    elbows: [
      [-14, -130],
      [32, -150],
    ],
    hands: [
      [-2, -112],
      [58, -162],
    ],
    knees: [
      [-6, -48],
      [6, -48],
    ],
    feet: [
      [-10, 0],
      [10, 0],
    ],
  },
  photo: {
    head: [6, -186],
    neck: [2, -162],
    hip: [0, -95],
    elbows: [
      [6, -148],
      [26, -144],
    ],
    hands: [
      [22, -178],
      [30, -176],
    ],
    knees: [
      [-8, -48],
      [8, -48],
    ],
    feet: [
      [-12, 0],
      [12, 0],
    ],
  },
  drum: {
    head: [10, -148],
    neck: [6, -124],
    hip: [0, -58],
    elbows: [
      [28, -102],
      [32, -100],
    ],
    hands: [
      [54, -90],
      [58, -86],
    ],
    knees: [
      [34, -56],
      [36, -58],
    ],
    feet: [
      [34, -2],
      [38, -2],
    ],
  },
  sidePlank: {
    head: [-66, -108],
    neck: [-50, -96],
    hip: [6, -52],
    elbows: [
      [-50, -128],
      [-50, -70],
    ],
    hands: [
      [-50, -158],
      [-50, -40],
    ],
    knees: [
      [36, -28],
      [36, -28],
    ],
    feet: [
      [66, -4],
      [66, -4],
    ],
    headAngle: -55,
  },
  bridge: {
    head: [-78, -12],
    neck: [-58, -16],
    hip: [6, -52],
    elbows: [
      [-34, -4],
      [-34, -4],
    ],
    hands: [
      [-10, -4],
      [-10, -4],
    ],
    knees: [
      [40, -66],
      [46, -62],
    ],
    feet: [
      [52, -2],
      [58, -2],
    ],
    headAngle: -90,
  },
  cheer: {
    head: [0, -186],
    neck: [0, -162],
    hip: [0, -95],
    elbows: [
      [-28, -184],
      [28, -184],
    ],
    hands: [
      [-40, -214],
      [40, -214],
    ],
    knees: [
      [-8, -48],
      [8, -48],
    ],
    feet: [
      [-12, 0],
      [12, 0],
    ],
  },
} satisfies Record<string, Pose>;

export type PoseName = keyof typeof POSES;

const seg = (a: Point, b: Point, color: string, width: number) =>
  `<path d="M${n(a[0])} ${n(a[1])}L${n(b[0])} ${n(b[1])}" stroke="${color}" stroke-width="${width}" stroke-linecap="round" fill="none"/>`;
const limb = (a: Point, b: Point, c: Point, color: string, width: number, lower = color, lowerWidth = width) =>
  lower === color && lowerWidth === width
    ? `<path d="M${n(a[0])} ${n(a[1])}L${n(b[0])} ${n(b[1])}L${n(c[0])} ${n(c[1])}" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`
    : seg(b, c, lower, lowerWidth) + seg(a, b, color, width);

function hairFor(look: Look, facing: number): { back: string; front: string } {
  const h = look.hair;
  const f = facing;
  switch (look.hairStyle) {
    case 'short':
      return {
        back: '',
        front: `<path d="M${-17 * f} -2A17 17 0 0 1 ${17 * f} -6C${10 * f} -12 ${-2 * f} -12 ${-8 * f} -8Z" fill="${h}"/>`,
      };
    case 'long':
      return {
        back: `<path d="M${-17 * f} -2C${-20 * f} 16 ${-18 * f} 30 ${-8 * f} 34L${6 * f} 20Z" fill="${h}"/>`,
        front: `<path d="M${-17 * f} 2A17 17 0 0 1 ${16 * f} -8C${8 * f} -12 ${-4 * f} -10 ${-10 * f} 4Z" fill="${h}"/>`,
      };
    case 'bun':
      return {
        back: `<circle cx="${-12 * f}" cy="-16" r="8" fill="${h}"/>`,
        front: `<path d="M${-17 * f} 0A17 17 0 0 1 ${16 * f} -8C${8 * f} -12 ${-4 * f} -10 ${-10 * f} -2Z" fill="${h}"/>`,
      };
    case 'pony':
      return {
        back: `<path d="M${-14 * f} -8C${-30 * f} -6 ${-32 * f} 14 ${-26 * f} 26C${-22 * f} 12 ${-18 * f} 4 ${-10 * f} 0Z" fill="${h}"/>`,
        front: `<path d="M${-17 * f} 0A17 17 0 0 1 ${16 * f} -8C${8 * f} -12 ${-4 * f} -10 ${-10 * f} -2Z" fill="${h}"/>`,
      };
    case 'curly':
      return {
        back: `<circle cx="${-3 * f}" cy="-6" r="21" fill="${h}"/>`,
        front: `<path d="M${-17 * f} 2A17 17 0 0 1 ${17 * f} -6C${8 * f} -14 ${0} -8 ${-8 * f} -10Z" fill="${h}"/>`,
      };
    default:
      return { back: '', front: '' };
  }
}

/** A whole person in a pose at (x, y) (their feet), scaled. */
export function figure(poseName: PoseName, look: Look, x: number, y: number, scale = 1, mirror = false): string {
  const pose: Pose = POSES[poseName] as Pose;
  const facing = pose.facing ?? 1;
  const backShirt = shade(look.shirt, 0.18);
  const backPants = shade(look.pants, 0.2);
  const backSkin = shade(look.skin, 0.12);
  const shoes = look.shoes ?? C.fog700;
  const shoe = (foot: Point, color: string) => seg(foot, [foot[0] + 9 * facing, foot[1]], color, 9);
  const hair = hairFor(look, facing);
  const [hx, hy] = pose.head;
  const head =
    `<g transform="translate(${n(hx)} ${n(hy)})${pose.headAngle ? ` rotate(${pose.headAngle})` : ''}">` +
    hair.back +
    `<circle r="16" fill="${look.skin}"/>` +
    hair.front +
    `</g>`;
  const parts = [
    shoe(pose.feet[0], shade(shoes, 0.2)),
    limb(pose.hip, pose.knees[0], pose.feet[0], backPants, 15, backPants, 12),
    limb(pose.neck, pose.elbows[0], pose.hands[0], backShirt, 11, backSkin, 9),
    `<circle cx="${n(pose.hands[0][0])}" cy="${n(pose.hands[0][1])}" r="5.5" fill="${backSkin}"/>`,
    shoe(pose.feet[1], shoes),
    limb(pose.hip, pose.knees[1], pose.feet[1], look.pants, 15, look.pants, 12),
    seg(pose.neck, pose.hip, look.shirt, 27),
    seg([pose.neck[0], pose.neck[1] - 8], pose.neck, look.skin, 9),
    head,
    limb(pose.neck, pose.elbows[1], pose.hands[1], look.shirt, 11, look.skin, 9),
    `<circle cx="${n(pose.hands[1][0])}" cy="${n(pose.hands[1][1])}" r="5.5" fill="${look.skin}"/>`,
  ];
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${mirror ? -scale : scale} ${scale})">${parts.join('')}</g>`;
}

/** Where a pose's hand ends up in picture coordinates, to place a racket, brush or camera in it. */
export function handAt(poseName: PoseName, which: 0 | 1, x: number, y: number, scale = 1, mirror = false): Point {
  const [hx, hy] = (POSES[poseName] as Pose).hands[which];
  return [x + (mirror ? -hx : hx) * scale, y + hy * scale];
}

export interface AvatarLook {
  skin: string;
  hair: string;
  hairStyle: 'short' | 'side' | 'long' | 'bun' | 'curly' | 'buzz' | 'bob' | 'waves' | 'bald';
  shirt: string;
  background: [string, string];
  beard?: boolean;
  glasses?: boolean;
  earrings?: boolean;
}

/** A friendly head-and-shoulders portrait, 400 x 400. */
export function avatar(look: AvatarLook, title: string): string {
  const c = new Canvas(400, 400);
  const bg = c.paint(
    linear(
      [
        [0, look.background[0]],
        [1, look.background[1]],
      ],
      [0, 0],
      [1, 1],
    ),
  );
  const h = look.hair;
  const skinShadow = shade(look.skin, 0.12);
  const backHair: Record<AvatarLook['hairStyle'], string> = {
    short: '',
    side: '',
    buzz: '',
    bald: '',
    long: `<path d="M122 170C112 250 120 318 150 340L250 340C282 318 290 250 278 170Z" fill="${h}"/>`,
    waves: `<path d="M118 176C100 236 112 300 132 330C150 344 170 332 176 320L226 320C232 334 252 344 270 330C290 300 300 236 282 176Z" fill="${h}"/>`,
    bob: `<path d="M120 168C112 220 118 262 138 276L262 276C282 262 288 220 280 168Z" fill="${h}"/>`,
    bun: `<circle cx="200" cy="74" r="34" fill="${h}"/>`,
    curly: [
      [200, 118, 92],
      [128, 150, 50],
      [272, 150, 50],
      [132, 206, 40],
      [268, 206, 40],
    ]
      .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${h}"/>`)
      .join(''),
  };
  const frontHair: Record<AvatarLook['hairStyle'], string> = {
    short: `<path d="M128 168C124 110 160 84 204 86C250 88 280 116 274 170C266 140 246 124 222 122C196 134 160 132 140 128C134 140 130 152 128 168Z" fill="${h}"/>`,
    side: `<path d="M128 172C120 108 166 82 210 88C254 94 282 124 272 176C262 150 248 132 236 126C200 130 168 118 150 108C140 126 132 146 128 172Z" fill="${h}"/>`,
    buzz: `<path d="M132 160C134 112 166 92 200 92C236 92 266 112 268 160C250 130 226 120 200 120C172 120 150 130 132 160Z" fill="${h}" opacity="0.9"/>`,
    bald: '',
    long: `<path d="M126 176C122 114 160 88 202 88C246 88 282 116 276 178C262 142 240 122 206 120C190 138 156 150 126 176Z" fill="${h}"/>`,
    waves: `<path d="M124 180C118 112 158 86 200 86C244 86 284 112 278 182C266 150 246 126 214 118C204 140 166 152 124 180Z" fill="${h}"/>`,
    bob: `<path d="M124 182C118 110 160 86 202 86C246 86 284 112 276 182C268 150 250 130 230 124L174 124C152 130 132 150 124 182Z" fill="${h}"/>`,
    bun: `<path d="M130 168C126 112 162 90 202 90C244 90 276 114 272 168C258 134 236 120 200 118C166 120 142 134 130 168Z" fill="${h}"/>`,
    curly: `<path d="M130 164C136 120 166 104 200 104C236 104 266 120 270 164C252 138 230 130 200 132C170 130 148 138 130 164Z" fill="${h}"/>`,
  };
  c.add(
    `<rect width="400" height="400" fill="${bg}"/>`,
    `<circle cx="330" cy="70" r="90" fill="#ffffff" opacity="0.12"/>`,
    `<circle cx="60" cy="360" r="120" fill="#ffffff" opacity="0.08"/>`,
    backHair[look.hairStyle],
    // shoulders and neck
    `<path d="M70 400C74 326 124 290 200 290C276 290 326 326 330 400Z" fill="${look.shirt}"/>`,
    `<path d="M172 244L172 296C186 312 214 312 228 296L228 244Z" fill="${skinShadow}"/>`,
    `<path d="M160 296C172 318 228 318 240 296L226 290C214 302 186 302 174 290Z" fill="${shade(look.shirt, 0.15)}"/>`,
    // ears and face
    `<ellipse cx="130" cy="190" rx="14" ry="20" fill="${skinShadow}"/>`,
    `<ellipse cx="270" cy="190" rx="14" ry="20" fill="${skinShadow}"/>`,
    look.earrings ? `<circle cx="130" cy="214" r="6" fill="${C.gold}"/><circle cx="270" cy="214" r="6" fill="${C.gold}"/>` : '',
    `<ellipse cx="200" cy="180" rx="70" ry="84" fill="${look.skin}"/>`,
    look.beard
      ? `<path d="M132 192C134 250 164 268 200 268C236 268 266 250 268 192C256 222 240 226 224 222C212 218 188 218 176 222C160 226 144 222 132 192Z" fill="${h}"/>`
      : '',
    frontHair[look.hairStyle],
    // features
    `<path d="M160 162Q172 154 184 160M216 160Q228 154 240 162" stroke="${shade(h, 0.1)}" stroke-width="5" stroke-linecap="round" fill="none"/>`,
    `<ellipse cx="172" cy="184" rx="7" ry="8" fill="${C.fog900}"/><ellipse cx="228" cy="184" rx="7" ry="8" fill="${C.fog900}"/>`,
    `<circle cx="174.5" cy="181" r="2.2" fill="#fff"/><circle cx="230.5" cy="181" r="2.2" fill="#fff"/>`,
    look.glasses
      ? `<g fill="none" stroke="${C.fog900}" stroke-width="4"><circle cx="172" cy="184" r="20"/><circle cx="228" cy="184" r="20"/><path d="M192 182Q200 176 208 182"/></g>`
      : '',
    `<path d="M196 196Q200 212 206 208" stroke="${shade(look.skin, 0.22)}" stroke-width="4" stroke-linecap="round" fill="none"/>`,
    `<ellipse cx="156" cy="212" rx="13" ry="8" fill="${C.orange300}" opacity="0.28"/><ellipse cx="244" cy="212" rx="13" ry="8" fill="${C.orange300}" opacity="0.28"/>`,
    `<path d="M176 226Q200 246 224 226" stroke="${look.beard ? '#fff' : C.orange700}" stroke-width="5" stroke-linecap="round" fill="${look.beard ? 'none' : '#fff'}"/>`,
  );
  return c.toString(title);
}
