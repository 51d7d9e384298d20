// Every demo picture, composed from the scenery, props and people: two per class type, the default class
// image, coach portraits, blog headers and the home hero. Class pictures are 800 x 600 (4:3), portraits
// 400 x 400, blog headers 1200 x 675 and the hero 1600 x 900 (16:9).
import { type AvatarLook, avatar, figure, HAIR, handAt, type Look, SKIN } from './people';
import {
  barbell,
  bridge,
  camera,
  cone,
  cypress,
  djembe,
  dumbbell,
  easel,
  fog,
  goal,
  hills,
  kettlebell,
  mat,
  moonAndStars,
  note,
  palette,
  racket,
  shadow,
  skyline,
  sky,
  soccerBall,
  stringLights,
  sun,
  surfboard,
  sutro,
  tennisBall,
  tree,
  victorians,
  water,
  wave,
} from './scenes';
import { C, Canvas, linear, n, resetIds, ridge } from './svg';

const look = (skin: number, shirt: string, pants: string, hair: string, hairStyle: Look['hairStyle']): Look => ({
  skin: SKIN[skin]!,
  shirt,
  pants,
  hair,
  hairStyle,
});
const L = {
  maya: look(1, C.orange500, C.teal900, HAIR.black, 'bun'),
  marcus: look(4, C.teal500, C.fog700, HAIR.black, 'short'),
  sofia: look(2, C.orange500, C.fog900, HAIR.brown, 'pony'),
  priya: look(3, C.gold, C.teal800, HAIR.black, 'long'),
  diego: look(3, C.teal600, C.fog900, HAIR.dark, 'short'),
  hannah: look(0, '#ffffff', C.teal700, HAIR.black, 'pony'),
  kai: look(2, C.fog900, C.fog900, HAIR.black, 'short'),
  leila: look(2, C.teal400, C.orange700, HAIR.auburn, 'curly'),
  ben: look(0, C.teal700, C.fog700, HAIR.auburn, 'short'),
  tunde: look(5, C.gold, C.teal900, HAIR.black, 'short'),
  grace: look(1, C.teal300, C.fog900, HAIR.black, 'bun'),
  rafael: look(3, C.orange600, C.fog900, HAIR.dark, 'curly'),
  kidA: look(4, C.orange500, C.teal800, HAIR.black, 'curly'),
  kidB: look(0, C.gold, C.teal700, HAIR.blond, 'pony'),
  kidC: look(2, C.teal400, C.fog700, HAIR.brown, 'short'),
  kidD: look(5, '#e86a92', C.fog900, HAIR.black, 'bun'),
};

function grassField(c: Canvas, y: number, colors: [string, string] = [C.grass, C.grassMid]): void {
  c.add(
    ridge(
      [
        [0, y + 10],
        [c.width * 0.3, y - 8],
        [c.width * 0.7, y + 6],
        [c.width, y - 6],
      ],
      c.height,
      c.paint(
        linear([
          [0, colors[0]],
          [1, colors[1]],
        ]),
      ),
    ),
  );
}

function beach(c: Canvas, y: number): void {
  c.add(
    ridge(
      [
        [0, y + 12],
        [c.width * 0.4, y - 4],
        [c.width, y + 8],
      ],
      c.height,
      c.paint(
        linear([
          [0, C.sand],
          [1, '#e9cf9f'],
        ]),
      ),
    ),
  );
}

/** The bay with the bridge in the fog: the backdrop of many pictures. */
function bayWithBridge(c: Canvas, mood: Parameters<typeof sky>[1], horizon: number, bx: number, bs: number): void {
  sky(c, mood, horizon + 40);
  hills(c, horizon - 6, mood === 'sunset' || mood === 'dusk' ? '#c98a7a' : C.teal300, 34, 0.4, 0.55);
  water(c, horizon, [C.teal300, C.teal600]);
  bridge(c, bx, horizon, bs);
  fog(c, horizon - 70 * bs, 0.55, bs);
}

/** The sun going down over the water: sky, sun and a warm sea, with the bridge when `bridgeAt` is given. */
function sunsetSea(c: Canvas, horizon: number, sunAt: [number, number, number], bridgeAt?: [number, number]): void {
  sky(c, 'sunset', horizon + 20);
  sun(c, ...sunAt);
  water(c, horizon, ['#f2b28f', C.teal700]);
  if (bridgeAt) bridge(c, bridgeAt[0], horizon, bridgeAt[1]);
}

type Picture = (c: Canvas) => void;

export const CLASS_PICTURES: Record<string, [Picture, Picture]> = {
  yoga: [
    (c) => {
      sunsetSea(c, 400, [560, 400, 60]);
      fog(c, 330, 0.35);
      beach(c, 470);
      c.add(shadow(330, 520, 220), mat(330, 520, 200, C.teal500), figure('tree', L.maya, 330, 516, 1.45));
      cypress(c, 90, 480, 1.1, C.teal900);
    },
    (c) => {
      bayWithBridge(c, 'morning', 330, 430, 1);
      grassField(c, 420);
      c.add(shadow(250, 520, 260), mat(250, 520, 240, C.orange500), figure('warrior', L.priya, 250, 516, 1.3));
      c.add(shadow(600, 540, 220), mat(600, 540, 200, C.teal600), figure('downDog', L.maya, 604, 536, 1.25));
    },
  ],
  pilates: [
    (c) => {
      sky(c, 'day', 380);
      hills(c, 360, C.teal300, 40, 1, 0.7);
      tree(c, 120, 410, 1.3);
      tree(c, 690, 420, 1.1, C.teal700);
      grassField(c, 400);
      c.add(shadow(400, 500, 300), mat(400, 500, 280, C.teal500), figure('sidePlank', L.grace, 410, 496, 1.5));
    },
    (c) => {
      sky(c, 'morning', 360);
      bridge(c, 520, 340, 0.8);
      water(c, 340, [C.teal200, C.teal500]);
      fog(c, 290, 0.5, 0.8);
      grassField(c, 420, [C.grass, C.grassDark]);
      c.add(shadow(300, 510, 280), mat(300, 510, 260, C.orange500), figure('bridge', L.maya, 300, 506, 1.5));
      c.add(
        `<circle cx="620" cy="470" r="38" fill="none" stroke="${C.teal700}" stroke-width="9"/><rect x="572" y="462" width="14" height="18" rx="4" fill="${C.fog700}"/><rect x="654" y="462" width="14" height="18" rx="4" fill="${C.fog700}"/>`,
      );
    },
  ],
  hiit: [
    (c) => {
      bayWithBridge(c, 'sunset', 340, 470, 0.9);
      sun(c, 170, 300, 46);
      grassField(c, 430);
      c.add(cone(110, 540), cone(690, 540), cone(560, 470, 0.8));
      c.add(shadow(290, 530, 120), figure('jump', L.marcus, 290, 520, 1.3), shadow(520, 540, 120), figure('jump', L.sofia, 520, 530, 1.2));
    },
    (c) => {
      sky(c, 'morning', 400);
      sutro(c, 640, 300, 1.4, C.teal700);
      hills(c, 350, C.teal300, 50, 2, 0.8);
      grassField(c, 440, [C.grassMid, C.grassDark]);
      const [hx, hy] = handAt('swing', 1, 360, 530, 1.4);
      c.add(shadow(360, 532, 140), figure('swing', L.marcus, 360, 530, 1.4), kettlebell(hx + 8, hy + 26, 1.3));
      c.add(kettlebell(560, 540, 1.6, C.orange600), kettlebell(620, 540, 1.3, C.teal700), kettlebell(670, 540, 1.1));
    },
  ],
  running: [
    (c) => {
      sunsetSea(c, 360, [640, 250, 44], [160, 0.75]);
      c.add(
        ridge(
          [
            [0, 430],
            [200, 400],
            [520, 420],
            [800, 380],
          ],
          600,
          C.teal800,
        ),
      );
      cypress(c, 700, 420, 1, C.teal900);
      c.add(`<path d="M0 520C200 470 500 500 800 450" stroke="${C.sand}" stroke-width="36" fill="none"/>`);
      c.add(figure('run', L.sofia, 360, 500, 1.35));
    },
    (c) => {
      sky(c, 'day', 380);
      hills(c, 330, C.teal300, 30, 0.5, 0.8);
      water(c, 360, [C.teal200, C.teal400], 430);
      tree(c, 80, 430, 1.2);
      tree(c, 730, 430, 1.4, C.teal700);
      grassField(c, 440);
      c.add(`<path d="M0 540C220 500 560 520 800 490" stroke="${C.sand}" stroke-width="44" fill="none"/>`);
      c.add(figure('run', L.diego, 300, 530, 1.25), figure('run', L.priya, 470, 515, 1.15));
    },
  ],
  strength: [
    (c) => {
      sky(c, 'morning', 380);
      skyline(c, 360, 360, 1.2, C.teal300);
      fog(c, 330, 0.5);
      c.add(
        `<rect y="360" width="800" height="240" fill="${c.paint(
          linear([
            [0, C.fog300],
            [1, C.fog400],
          ]),
        )}"/>`,
        `<rect x="180" y="470" width="440" height="70" rx="6" fill="${C.fog500}"/><rect x="190" y="478" width="420" height="54" rx="4" fill="${C.teal700}"/>`,
      );
      c.add(figure('squat', L.grace, 400, 505, 1.45), barbell(330, 470, 505 - 134 * 1.45, 1.1));
    },
    (c) => {
      sky(c, 'day', 400);
      bridge(c, 180, 380, 0.7);
      water(c, 380, [C.teal200, C.teal500], 430);
      grassField(c, 430, [C.grassMid, C.grassDark]);
      const [lx, ly] = handAt('press', 0, 300, 530, 1.35);
      const [rx] = handAt('press', 1, 300, 530, 1.35);
      c.add(shadow(300, 532, 140), figure('press', L.marcus, 300, 530, 1.35), dumbbell(lx, ly, 1.1), dumbbell(rx, ly, 1.1));
      c.add(dumbbell(540, 545, 1.4, C.orange500), dumbbell(640, 545, 1.4), kettlebell(590, 520, 1.6, C.orange600));
    },
  ],
  tennis: [
    (c) => {
      c.add(`<rect width="800" height="600" fill="${C.teal700}"/>`);
      c.add(
        `<path d="M150 80H650L760 560H40Z" fill="${C.teal500}"/><path d="M150 80H650L760 560H40ZM210 80L140 560M590 80L660 560M180 210H620M110 430H690M400 210V430" stroke="#fff" stroke-width="5" fill="none"/>`,
      );
      c.add(
        `<path d="M100 320H700" stroke="${C.fog900}" stroke-width="6"/><path d="M100 300H700V320H100Z" fill="#fff" opacity="0.25"/><path d="M100 300H700" stroke="#fff" stroke-width="4"/>`,
      );
      const [hx, hy] = handAt('forehand', 1, 330, 540, 1.3);
      c.add(
        shadow(330, 542, 140),
        figure('forehand', L.hannah, 330, 540, 1.3),
        racket(hx, hy, 55, 1.3),
        tennisBall(560, 230, 12),
        tennisBall(620, 520, 9),
        tennisBall(660, 540, 9),
      );
    },
    (c) => {
      sky(c, 'day', 260);
      tree(c, 100, 260, 1.2);
      tree(c, 700, 260, 1.3, C.teal700);
      c.add(`<rect y="240" width="800" height="360" fill="${C.orange600}"/><rect y="250" width="800" height="350" fill="${C.teal500}"/>`);
      c.add(`<path d="M0 300H800M0 560H800M400 300V560" stroke="#fff" stroke-width="6"/>`);
      c.add(
        racket(300, 470, -30, 3),
        racket(470, 480, 25, 3, C.orange600),
        tennisBall(560, 360, 22),
        tennisBall(610, 392, 22),
        tennisBall(205, 530, 20),
      );
    },
  ],
  soccer: [
    (c) => {
      sky(c, 'fog', 320);
      cypress(c, 90, 330, 1.1, C.teal700);
      cypress(c, 700, 330, 1.3, C.teal800);
      c.add(
        `<rect y="300" width="800" height="300" fill="${c.paint(
          linear([
            [0, C.grassMid],
            [1, C.grassDark],
          ]),
        )}"/>`,
      );
      c.add(
        `<path d="M0 360H800M0 460H800" stroke="#fff" stroke-width="0" /><g fill="#fff" opacity="0.08"><rect y="330" width="800" height="50"/><rect y="430" width="800" height="60"/><rect y="540" width="800" height="60"/></g>`,
      );
      c.add(goal(500, 420, 240, 130));
      const [fx, fy] = [300 + 62 * 1.3, 540 - 54 * 1.3];
      c.add(shadow(300, 542, 140), figure('kick', L.diego, 300, 540, 1.3), soccerBall(fx + 26, fy - 10, 20));
    },
    (c) => {
      sky(c, 'day', 330);
      hills(c, 300, C.teal300, 30, 1.2, 0.8);
      c.add(
        `<rect y="320" width="800" height="280" fill="${c.paint(
          linear([
            [0, C.grass],
            [1, C.grassMid],
          ]),
        )}"/>`,
      );
      tree(c, 90, 340, 1.1);
      tree(c, 720, 330, 0.9, C.teal700);
      c.add(goal(560, 380, 150, 80));
      c.add(cone(120, 560, 0.9), cone(220, 480, 0.8), cone(500, 450, 0.7), cone(700, 560, 0.9));
      c.add(
        figure('run', L.kidA, 280, 540, 0.85),
        figure('run', L.kidB, 500, 520, 0.8, true),
        figure('cheer', L.kidC, 650, 500, 0.75),
        soccerBall(390, 522, 16),
      );
    },
  ],
  surfing: [
    (c) => {
      sky(c, 'morning', 300);
      sun(c, 660, 120, 40);
      water(c, 280, [C.teal300, C.teal700]);
      c.add(wave(360, 520, 1.5));
      c.add(`<rect y="510" width="800" height="90" fill="${C.teal600}"/>`);
      c.add(surfboard(300, 450, 190, -12, C.orange500), figure('surf', L.kai, 300, 440, 1.15));
      c.add(`<path d="M0 540Q120 520 240 540T480 540T720 540T960 540" stroke="#fff" stroke-width="6" fill="none" opacity="0.7"/>`);
    },
    (c) => {
      sunsetSea(c, 340, [400, 330, 52]);
      beach(c, 440);
      c.add(surfboard(170, 430, 210, -82, C.teal500), surfboard(230, 440, 180, -76, C.orange500), surfboard(640, 440, 200, -98, C.gold));
      c.add(figure('wave', L.kidA, 430, 540, 0.9), figure('stand', L.kai, 520, 545, 1.2));
    },
  ],
  dance: [
    (c) => {
      sky(c, 'dusk', 400);
      bridge(c, 460, 380, 0.7, C.orange700);
      water(c, 380, [C.teal600, C.teal900], 430);
      c.add(`<rect y="430" width="800" height="170" fill="${C.teal900}"/>`);
      c.add(stringLights(-20, 420, 80, 50), stringLights(380, 820, 70, 60));
      c.add(figure('lead', L.rafael, 300, 540, 1.35), figure('spin', L.priya, 440, 540, 1.3, true));
    },
    (c) => {
      sky(c, 'day', 400);
      tree(c, 110, 430, 1.4);
      tree(c, 690, 420, 1.2, C.teal700);
      grassField(c, 440);
      c.add(figure('leap', L.kidD, 250, 520, 0.95), figure('cheer', L.kidB, 420, 530, 0.85), figure('spin', L.kidC, 570, 520, 0.9));
      c.add(
        `<path d="M190 300C240 260 300 320 350 280M380 310C430 280 470 330 520 290" stroke="${C.orange500}" stroke-width="10" stroke-linecap="round" fill="none" opacity="0.9"/>`,
        note(620, 250, 1.5, C.teal700),
        note(160, 220, 1.2, C.orange600),
      );
    },
  ],
  painting: [
    (c) => {
      bayWithBridge(c, 'morning', 360, 430, 0.95);
      grassField(c, 460);
      const s = 1.5;
      const painting = `<rect width="${120 * s}" height="${50 * s}" fill="${C.teal100}"/><rect y="${50 * s}" width="${120 * s}" height="${42 * s}" fill="${C.teal400}"/><path d="M${20 * s} ${50 * s}V${16 * s}M${90 * s} ${50 * s}V${16 * s}M0 ${40 * s}Q${20 * s} ${16 * s} ${55 * s} ${36 * s}Q${90 * s} ${16 * s} ${120 * s} ${40 * s}" stroke="${C.orange600}" stroke-width="${3 * s}" fill="none"/><circle cx="${100 * s}" cy="${16 * s}" r="${8 * s}" fill="${C.gold}"/>`;
      c.add(easel(470, 560, s, painting), figure('paint', L.leila, 290, 560, 1.3), palette(620, 560, 1.4));
    },
    (c) => {
      sky(c, 'day', 420);
      victorians(c, 40, 420, 1.2, ['#e8a0a8', C.teal300, C.gold, '#a9c2ec', C.orange300, C.teal200].slice(0, 5));
      hills(c, 440, C.grassMid, 10, 0);
      c.add(
        `<rect x="200" y="330" width="420" height="270" rx="10" fill="#fffaf2" transform="rotate(-6 410 460)"/><g transform="rotate(-6 410 460)" stroke="${C.fog900}" stroke-width="3" fill="none"><path d="M250 560V440L300 400L350 440V560M350 560V430L400 390L450 430V560M450 560V440L500 400L550 440V560"/><path d="M270 470h20v26h-20zM320 470h20v26h-20zM370 462h20v26h-20zM420 462h20v26h-20zM470 470h20v26h-20zM520 470h20v26h-20z"/></g>`,
      );
      c.add(
        `<rect x="600" y="380" width="14" height="170" rx="4" fill="${C.fog900}" transform="rotate(30 607 465)"/><path d="M653 532l10 16 4-20z" fill="${C.fog900}"/>`,
      );
    },
  ],
  photography: [
    (c) => {
      sunsetSea(c, 350, [560, 290, 44], [230, 0.9]);
      c.add(
        ridge(
          [
            [0, 470],
            [300, 440],
            [800, 470],
          ],
          600,
          C.teal900,
        ),
      );
      c.add(
        `<g stroke="#fff" stroke-width="6" fill="none" opacity="0.9"><path d="M120 110h60M120 110v60M680 110h-60M680 110v60M120 430h60M120 430v-60M680 430h-60M680 430v-60"/></g><circle cx="400" cy="270" r="10" fill="none" stroke="#fff" stroke-width="3" opacity="0.9"/>`,
      );
      c.add(camera(400, 530, 1.6));
    },
    (c) => {
      sky(c, 'day', 400);
      skyline(c, 420, 300, 1.1, C.teal300);
      victorians(c, 40, 400, 1, ['#e8a0a8', C.teal300, C.gold, '#a9c2ec', C.orange300, '#c6b2e4']);
      grassField(c, 420, [C.grass, C.grassMid]);
      const [hx, hy] = handAt('photo', 1, 560, 560, 1.25);
      c.add(shadow(560, 562, 120), figure('photo', L.ben, 560, 560, 1.25), camera(hx + 4, hy + 2, 0.5));
    },
  ],
  music: [
    (c) => {
      sky(c, 'sunset', 380);
      sun(c, 650, 260, 40);
      hills(c, 360, '#c98a7a', 40, 0.3, 0.6);
      tree(c, 120, 420, 1.5, C.teal700);
      grassField(c, 420, [C.grassMid, C.grassDark]);
      c.add(figure('drum', L.tunde, 220, 540, 1.25), djembe(220 + 58 * 1.25 + 8, 540, 1.05));
      c.add(figure('drum', L.sofia, 520, 530, 1.15, true), djembe(520 - 58 * 1.15 - 8, 530, 0.95, C.teal600));
      c.add(note(380, 300, 1.4, C.orange600), note(440, 250, 1.1, C.teal800));
    },
    (c) => {
      c.add(
        `<rect width="800" height="600" fill="${c.paint(
          linear([
            [0, C.teal100],
            [1, C.teal300],
          ]),
        )}"/>`,
        `<circle cx="400" cy="330" r="230" fill="#fff" opacity="0.35"/>`,
      );
      c.add(djembe(300, 520, 3, C.orange600), djembe(540, 520, 2.3, C.teal700));
      c.add(note(160, 200, 2, C.orange600), note(660, 160, 1.6, C.teal800), note(700, 320, 1.2, C.orange500));
      c.add(`<rect y="520" width="800" height="80" fill="${C.teal700}"/>`);
    },
  ],
};

export function defaultClassPicture(c: Canvas): void {
  bayWithBridge(c, 'fog', 330, 420, 1);
  hills(c, 470, C.teal500, 30, 2);
  hills(c, 530, C.teal700, 24, 4);
  fog(c, 470, 0.45);
}

export function hero(c: Canvas): void {
  sky(c, 'sunset', 560);
  sun(c, 1180, 420, 70);
  hills(c, 480, '#c98a7a', 60, 0.2, 0.55);
  water(c, 520, ['#f2b28f', C.teal600]);
  bridge(c, 700, 520, 1.55);
  fog(c, 420, 0.55, 1.6);
  fog(c, 500, 0.4, 1.2);
  c.add(
    ridge(
      [
        [0, 640],
        [300, 600],
        [700, 650],
        [1100, 620],
        [1600, 660],
      ],
      900,
      c.paint(
        linear([
          [0, C.grassMid],
          [1, C.grassDark],
        ]),
      ),
    ),
  );
  c.add(
    ridge(
      [
        [0, 760],
        [500, 720],
        [1000, 750],
        [1600, 710],
      ],
      900,
      C.teal800,
    ),
  );
  cypress(c, 140, 640, 1.4, C.teal900);
  cypress(c, 1480, 680, 1.2, C.teal900);
  c.add(`<path d="M0 830C400 780 900 820 1600 770" stroke="${C.sand}" stroke-width="40" fill="none" opacity="0.9"/>`);
  c.add(figure('run', L.sofia, 420, 810, 1.1), figure('run', L.marcus, 540, 800, 1.15));
  c.add(mat(900, 760, 200, C.orange500), figure('tree', L.maya, 900, 756, 1.05));
  c.add(mat(1150, 780, 200, C.teal400), figure('warrior', L.priya, 1150, 776, 0.95));
}

export const BLOG_PICTURES: Record<string, Picture> = {
  'dressing-for-the-fog': (c) => {
    bayWithBridge(c, 'fog', 380, 640, 1.2);
    fog(c, 300, 0.7, 1.4);
    c.add(
      ridge(
        [
          [0, 520],
          [600, 480],
          [1200, 520],
        ],
        675,
        C.teal700,
      ),
    );
    c.add(
      figure('wave', { ...L.ben, shirt: C.orange500 }, 360, 640, 1.1),
      figure('stand', { ...L.priya, shirt: C.teal400 }, 470, 640, 1.05),
    );
  },
  'first-outdoor-yoga-class': (c) => {
    sky(c, 'morning', 420);
    sun(c, 900, 200, 50);
    water(c, 400, [C.teal200, C.teal500]);
    beach(c, 470);
    c.add(
      mat(420, 600, 200, C.teal500),
      figure('tree', L.maya, 420, 596, 1.2),
      mat(760, 610, 200, C.orange500),
      figure('warrior', L.grace, 760, 606, 1.05),
    );
  },
  'running-routes-with-views': (c) => {
    sunsetSea(c, 400, [980, 280, 50], [260, 0.9]);
    c.add(
      ridge(
        [
          [0, 500],
          [400, 470],
          [800, 500],
          [1200, 460],
        ],
        675,
        C.teal800,
      ),
    );
    c.add(`<path d="M0 620C400 570 800 610 1200 560" stroke="${C.sand}" stroke-width="40" fill="none"/>`);
    c.add(figure('run', L.sofia, 560, 600, 1.2), figure('run', L.diego, 700, 590, 1.2));
  },
  'getting-kids-moving': (c) => {
    sky(c, 'day', 380);
    tree(c, 140, 420, 1.5);
    tree(c, 1060, 410, 1.4, C.teal700);
    c.add(
      `<rect y="400" width="1200" height="275" fill="${c.paint(
        linear([
          [0, C.grass],
          [1, C.grassMid],
        ]),
      )}"/>`,
    );
    c.add(
      figure('run', L.kidA, 380, 600, 0.9),
      figure('cheer', L.kidB, 560, 590, 0.85),
      figure('kick', L.kidC, 740, 600, 0.9),
      soccerBall(830, 548, 16),
      cone(250, 620),
      cone(980, 620),
    );
  },
  'sketching-the-city': (c) => {
    sky(c, 'day', 460);
    victorians(c, 120, 470, 1.4, ['#e8a0a8', C.teal300, C.gold, '#a9c2ec', C.orange300, '#c6b2e4', C.teal200]);
    hills(c, 490, C.grassMid, 12, 0);
    c.add(
      easel(
        1040,
        660,
        1.1,
        `<rect width="132" height="101" fill="${C.teal50}"/><path d="M20 90V40L45 20L70 40V90M70 90V40L95 20L120 40V90" stroke="${C.fog900}" stroke-width="3" fill="none"/>`,
      ),
      palette(900, 640, 1.2),
    );
  },
  'mobility-habits-for-outdoor-athletes': (c) => {
    sky(c, 'morning', 420);
    hills(c, 380, C.teal300, 40, 0.8, 0.7);
    grassField(c, 450);
    c.add(
      mat(360, 600, 260, C.teal500),
      figure('sidePlank', L.grace, 370, 596, 1.2),
      mat(800, 610, 260, C.orange500),
      figure('bridge', L.marcus, 800, 606, 1.2),
    );
  },
  'drum-circles-101': (c) => {
    sky(c, 'sunset', 420);
    tree(c, 200, 460, 1.6, C.teal700);
    grassField(c, 460, [C.grassMid, C.grassDark]);
    c.add(
      figure('drum', L.tunde, 420, 620, 1.1),
      djembe(420 + 72, 620, 0.95),
      figure('drum', L.leila, 800, 620, 1.1, true),
      djembe(800 - 72, 620, 0.95, C.teal600),
      note(610, 350, 1.6, C.orange600),
    );
  },
  'what-to-eat-before-bootcamp': (c) => {
    c.add(
      `<rect width="1200" height="675" fill="${c.paint(
        linear([
          [0, C.orange100],
          [1, '#ffd9bf'],
        ]),
      )}"/>`,
    );
    c.add(`<ellipse cx="600" cy="430" rx="300" ry="90" fill="#fff"/><ellipse cx="600" cy="420" rx="240" ry="66" fill="${C.fog100}"/>`);
    c.add(
      `<path d="M470 400C500 330 620 320 680 380C640 360 540 360 490 410Z" fill="${C.gold}"/><path d="M480 405C520 370 620 360 680 380" stroke="#b88a2a" stroke-width="4" fill="none"/>`,
    );
    c.add(
      `<rect x="640" y="360" width="120" height="80" rx="14" fill="#d9a86c"/><rect x="650" y="352" width="100" height="24" rx="10" fill="#c98b4f"/>`,
    );
    c.add(
      kettlebell(240, 520, 3, C.teal700),
      `<rect x="930" y="300" width="70" height="200" rx="22" fill="${C.teal400}"/><rect x="945" y="270" width="40" height="40" rx="8" fill="${C.teal700}"/>`,
    );
  },
  'winter-rain-plan': (c) => {
    sky(c, 'fog', 675);
    const drops: string[] = [];
    for (let i = 0; i < 60; i++) drops.push(`M${(i * 97) % 1200} ${(i * 53) % 500}l-8 22`);
    c.add(
      `<g fill="${C.fog400}"><ellipse cx="380" cy="160" rx="200" ry="60"/><ellipse cx="520" cy="130" rx="150" ry="70"/><ellipse cx="860" cy="190" rx="220" ry="60"/></g>`,
    );
    c.add(`<path d="${drops.join('')}" stroke="${C.teal500}" stroke-width="3" stroke-linecap="round" opacity="0.6"/>`);
    hills(c, 520, C.teal500, 30, 1);
    c.add(
      `<path d="M600 420C520 330 440 330 360 420Z" fill="${C.orange500}"/><path d="M600 420V520" stroke="${C.fog900}" stroke-width="5"/>`,
      figure('stand', L.ben, 600, 640, 1.1),
    );
  },
};

export interface AvatarSpec {
  file: string;
  name: string;
  look: AvatarLook;
}

const bg = {
  teal: [C.teal100, C.teal300] as [string, string],
  orange: [C.orange100, C.orange200] as [string, string],
  gold: ['#fff1d0', '#f9d98a'] as [string, string],
  fog: [C.fog100, C.fog300] as [string, string],
  mint: [C.teal50, C.teal200] as [string, string],
};

export const AVATARS: AvatarSpec[] = [
  {
    file: 'maya-chen',
    name: 'Maya Chen',
    look: { skin: SKIN[1]!, hair: HAIR.black, hairStyle: 'bun', shirt: C.orange500, background: bg.teal },
  },
  {
    file: 'marcus-johnson',
    name: 'Marcus Johnson',
    look: { skin: SKIN[4]!, hair: HAIR.black, hairStyle: 'buzz', shirt: C.teal600, background: bg.orange, beard: true },
  },
  {
    file: 'sofia-ramirez',
    name: 'Sofia Ramirez',
    look: { skin: SKIN[2]!, hair: HAIR.brown, hairStyle: 'waves', shirt: C.teal500, background: bg.gold, earrings: true },
  },
  {
    file: 'priya-patel',
    name: 'Priya Patel',
    look: { skin: SKIN[3]!, hair: HAIR.black, hairStyle: 'long', shirt: C.gold, background: bg.teal, earrings: true },
  },
  {
    file: 'diego-alvarez',
    name: 'Diego Alvarez',
    look: { skin: SKIN[3]!, hair: HAIR.dark, hairStyle: 'short', shirt: C.teal700, background: bg.orange, beard: true },
  },
  {
    file: 'hannah-kim',
    name: 'Hannah Kim',
    look: { skin: SKIN[0]!, hair: HAIR.black, hairStyle: 'bob', shirt: C.teal400, background: bg.mint },
  },
  {
    file: 'kai-nakamura',
    name: 'Kai Nakamura',
    look: { skin: SKIN[2]!, hair: HAIR.black, hairStyle: 'side', shirt: C.fog700, background: bg.teal },
  },
  {
    file: 'leila-haddad',
    name: 'Leila Haddad',
    look: { skin: SKIN[2]!, hair: HAIR.auburn, hairStyle: 'curly', shirt: C.teal500, background: bg.gold, earrings: true },
  },
  {
    file: 'ben-oconnor',
    name: "Ben O'Connor",
    look: { skin: SKIN[0]!, hair: HAIR.auburn, hairStyle: 'side', shirt: C.orange600, background: bg.fog, glasses: true, beard: true },
  },
  {
    file: 'tunde-adebayo',
    name: 'Tunde Adebayo',
    look: { skin: SKIN[5]!, hair: HAIR.black, hairStyle: 'bald', shirt: C.gold, background: bg.teal, beard: true },
  },
  {
    file: 'grace-liu',
    name: 'Grace Liu',
    look: { skin: SKIN[1]!, hair: HAIR.black, hairStyle: 'long', shirt: C.teal300, background: bg.orange, glasses: true },
  },
  {
    file: 'rafael-souza',
    name: 'Rafael Souza',
    look: { skin: SKIN[3]!, hair: HAIR.dark, hairStyle: 'curly', shirt: C.orange500, background: bg.mint },
  },
  {
    file: 'noah-rivera',
    name: 'Noah Rivera',
    look: { skin: SKIN[2]!, hair: HAIR.brown, hairStyle: 'short', shirt: C.teal600, background: bg.gold },
  },
];

/** Draws one picture on a fresh canvas and returns the SVG text. */
export function render(width: number, height: number, title: string, draw: Picture): string {
  resetIds();
  const c = new Canvas(width, height);
  draw(c);
  return c.toString(title);
}

export function renderAvatar(spec: AvatarSpec): string {
  resetIds();
  return avatar(spec.look, `Portrait of ${spec.name}`);
}

export { n };
