// The people of the demo: the four accounts of the runtime contract, the coaches who run classes and a few
// more customers who book them. Portraits are illustrated avatars under site/public/images/coaches/.
import type { Role } from '../../../db/schema';
import type { CategoryKey } from './categories';

export interface Person {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  isApproved: boolean;
  phone?: string;
  profileImage?: string;
  bio?: string;
  expertise?: CategoryKey[];
  certifications?: string;
  /** How long ago the account was created. */
  joinedDaysAgo: number;
}

const portrait = (key: string) => `/images/coaches/${key}.svg`;

export const ADMIN: Person = {
  key: 'admin',
  email: 'admin@fogline.test',
  firstName: 'Avery',
  lastName: 'Brooks',
  role: 'admin',
  isApproved: true,
  joinedDaysAgo: 420,
};

/** coach@fogline.test: the approved demo coach with a series, one-time classes, bookings and reviews. */
export const DEMO_COACH: Person = {
  key: 'maya',
  email: 'coach@fogline.test',
  firstName: 'Maya',
  lastName: 'Chen',
  role: 'coach',
  isApproved: true,
  phone: '+14155550142',
  profileImage: portrait('maya-chen'),
  bio: 'I teach breath-led vinyasa and slow mobility outdoors, where the fog and the ocean air do half the work. My classes welcome first-timers and seasoned yogis alike: every pose comes with an easier and a stronger option, and we always finish with a long, quiet savasana.',
  expertise: ['yoga', 'pilates'],
  certifications: 'RYT-500 (Yoga Alliance); Yin Yoga Teacher Training, 50 h; CPR & First Aid (American Red Cross)',
  joinedDaysAgo: 380,
};

export const NEW_COACH: Person = {
  key: 'noah',
  email: 'newcoach@fogline.test',
  firstName: 'Noah',
  lastName: 'Rivera',
  role: 'coach',
  isApproved: false,
  phone: '+14155550187',
  profileImage: portrait('noah-rivera'),
  bio: 'Former college sprinter starting speed and agility sessions for adults who want to run faster without getting hurt.',
  expertise: ['running', 'hiit'],
  certifications: 'USATF Level 1 Coach; CPR & First Aid',
  joinedDaysAgo: 2,
};

export const DEMO_CUSTOMER: Person = {
  key: 'casey',
  email: 'customer@fogline.test',
  firstName: 'Casey',
  lastName: 'Morgan',
  role: 'customer',
  isApproved: true,
  phone: '+14155550123',
  joinedDaysAgo: 120,
};

const coach = (
  key: string,
  firstName: string,
  lastName: string,
  rest: Omit<Person, 'key' | 'email' | 'firstName' | 'lastName' | 'role' | 'isApproved' | 'profileImage'>,
): Person => ({
  key,
  email: `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + '@fogline.test',
  firstName,
  lastName,
  role: 'coach',
  isApproved: true,
  profileImage: portrait(`${firstName}-${lastName}`.toLowerCase().replace(/[^a-z-]/g, '')),
  ...rest,
});

export const COACHES: Person[] = [
  DEMO_COACH,
  coach('marcus', 'Marcus', 'Johnson', {
    bio: 'Ex-Army fitness instructor turned neighborhood bootcamp coach. Expect circuits with kettlebells, sandbags and sprints, scaled so that everyone finishes strong and nobody finishes hurt.',
    expertise: ['hiit', 'strength'],
    certifications: 'NASM Certified Personal Trainer; StrongFirst Kettlebell (SFG I); CPR & AED',
    joinedDaysAgo: 350,
    phone: '+14155550110',
  }),
  coach('sofia', 'Sofia', 'Ramirez', {
    bio: 'Marathoner (3:05 at CIM) and trail runner who loves showing people the hills they drive past every day. My groups run at conversation pace with regroup points, so nobody gets left behind.',
    expertise: ['running', 'hiit'],
    certifications: 'RRCA Certified Running Coach; USATF Level 1; Wilderness First Aid',
    joinedDaysAgo: 300,
    phone: '+14155550111',
  }),
  coach('priya', 'Priya', 'Patel', {
    bio: 'Hatha and yin teacher with a background in Kathak dance. I teach alignment with humour, and my dance sessions are about joy first, choreography second.',
    expertise: ['yoga', 'dance'],
    certifications: 'RYT-200 (Yoga Alliance); Kathak, 12 years of training; Trauma-Informed Yoga, 30 h',
    joinedDaysAgo: 290,
    phone: '+14155550112',
  }),
  coach('diego', 'Diego', 'Alvarez', {
    bio: 'Youth soccer coach for ten years in the Excelsior and the Mission. Practices are built around small-sided games, lots of touches on the ball and plenty of encouragement.',
    expertise: ['soccer', 'running'],
    certifications: 'US Soccer Grassroots License (11v11 and 7v7); SafeSport Trained; Youth CPR',
    joinedDaysAgo: 270,
    phone: '+14155550113',
  }),
  coach('hannah', 'Hannah', 'Kim', {
    bio: 'Former D1 player at UC Davis who now coaches adult beginners and juniors in Golden Gate Park. Clinics mix drills with live points so technique sticks under pressure.',
    expertise: ['tennis'],
    certifications: 'PTR Professional (Adult and Junior Development); USTA Safe Play',
    joinedDaysAgo: 240,
    phone: '+14155550114',
  }),
  coach('kai', 'Kai', 'Nakamura', {
    bio: 'Surfing Ocean Beach and Linda Mar since I was twelve. I read the tides and the swell forecast so you do not have to, and I keep groups small so every paddle-out is safe.',
    expertise: ['surfing'],
    certifications: 'ISA Level 1 Surf Coach; American Red Cross Lifeguard; Open Water Lifesaving',
    joinedDaysAgo: 230,
    phone: '+14155550115',
  }),
  coach('leila', 'Leila', 'Haddad', {
    bio: 'Painter and illustrator who has taught plein-air watercolour across the Bay for eight years. Bring curiosity rather than talent; we start with simple shapes and light.',
    expertise: ['painting', 'photography'],
    certifications: 'MFA Painting, California College of the Arts; Teaching Artist, SF Arts Education Project',
    joinedDaysAgo: 210,
    phone: '+14155550116',
  }),
  coach('ben', 'Ben', "O'Connor", {
    bio: 'Documentary photographer who shoots the city on foot. Walks cover composition, light and confident manual settings on any camera, including the phone in your pocket.',
    expertise: ['photography'],
    certifications: 'BFA Photography, Academy of Art University; Adobe Certified Professional, Lightroom',
    joinedDaysAgo: 200,
    phone: '+14155550117',
  }),
  coach('tunde', 'Tunde', 'Adebayo', {
    bio: 'Percussionist from Lagos, now a long-time drum-circle leader in Golden Gate Park. Every session starts with the basic tones and ends with the whole group locked into one groove.',
    expertise: ['music', 'dance'],
    certifications: 'Certified Drum Circle Facilitator (Village Music Circles); Music Together Teacher',
    joinedDaysAgo: 190,
    phone: '+14155550118',
  }),
  coach('grace', 'Grace', 'Liu', {
    bio: 'Physical therapist and Pilates instructor who makes strength training feel approachable. I focus on posture, core control and lifting well for the long run.',
    expertise: ['pilates', 'strength'],
    certifications: 'DPT, UCSF; Comprehensive Pilates Certification (Balanced Body); NSCA-CSCS',
    joinedDaysAgo: 160,
    phone: '+14155550119',
  }),
  coach('rafael', 'Rafael', 'Souza', {
    bio: 'Salsa and samba teacher from São Paulo. Partner work is optional, smiles are not: we learn the basics together and dance to live-sounding playlists under the trees.',
    expertise: ['dance', 'hiit'],
    certifications: 'Salsa Instructor Certification (Dance Masters of America); Zumba Basic 1 Licensed',
    joinedDaysAgo: 140,
    phone: '+14155550120',
  }),
];

const customer = (key: string, firstName: string, lastName: string, joinedDaysAgo: number): Person => ({
  key,
  email: `${firstName}.${lastName}`.toLowerCase() + '@example.com',
  firstName,
  lastName,
  role: 'customer',
  isApproved: true,
  joinedDaysAgo,
});

/** Other customers whose bookings fill classes and whose reviews give coaches their ratings. */
export const CUSTOMERS: Person[] = [
  customer('jamie', 'Jamie', 'Lee', 200),
  customer('olivia', 'Olivia', 'Martinez', 180),
  customer('ethan', 'Ethan', 'Wright', 170),
  customer('aisha', 'Aisha', 'Rahman', 150),
  customer('lucas', 'Lucas', 'Bennett', 130),
  customer('chloe', 'Chloe', 'Nguyen', 110),
  customer('isabella', 'Isabella', 'Rossi', 95),
  customer('daniel', 'Daniel', 'Cohen', 80),
  customer('zoe', 'Zoe', 'Thompson', 60),
];

/** Customers who joined lately and have booked nothing yet: they wait in line for full classes. */
export const NEWCOMERS: Person[] = [
  customer('mateo', 'Mateo', 'Silva', 34),
  customer('hana', 'Hana', 'Sato', 27),
  customer('nora', 'Nora', 'Fischer', 21),
  customer('owen', 'Owen', 'Gallagher', 16),
  customer('amara', 'Amara', 'Okafor', 12),
  customer('felix', 'Felix', 'Wagner', 9),
];

export const EVERYONE: Person[] = [ADMIN, ...COACHES, NEW_COACH, DEMO_CUSTOMER, ...CUSTOMERS, ...NEWCOMERS];

const CHILD_FIRST_NAMES = ['Lily', 'Sam', 'Ava', 'Noah', 'Mia', 'Leo', 'Ella', 'Theo', 'Ruby', 'Max', 'Isla', 'Finn'];

/** The children a parent books into a Kids class, the same for every booking of theirs: the named spots
 * (name and age) a roster shows. */
export function childrenOf(parent: Person, count: number): { name: string; age: number }[] {
  const offset = EVERYONE.indexOf(parent) * 5;
  return Array.from({ length: count }, (_, i) => ({
    name: `${CHILD_FIRST_NAMES[(offset + i) % CHILD_FIRST_NAMES.length]} ${parent.lastName}`,
    age: 5 + ((offset + 3 * i) % 7),
  }));
}

const COMPANION_FIRST_NAMES = [
  'Jordan',
  'Priyanka',
  'Marco',
  'Elena',
  'Tariq',
  'Sienna',
  'Wei',
  'Camila',
  'Declan',
  'Yara',
  'Jonah',
  'Mei',
];
const COMPANION_LAST_NAMES = [
  'Alvarado',
  'Hughes',
  'Tanaka',
  'Novak',
  'Mensah',
  'Larsen',
  'Castillo',
  'Dubois',
  'Iyer',
  'Kowalski',
  'Reyes',
  'Whitaker',
];

/** The people an adult books a group of spots for, the same for every booking of theirs: the booker holds
 * the first spot and friends with their own full names the others, as a roster names them. */
export function companionsOf(booker: Person, count: number): { name: string }[] {
  const offset = EVERYONE.indexOf(booker) * 5;
  const friend = (i: number) =>
    `${COMPANION_FIRST_NAMES[(offset + i) % COMPANION_FIRST_NAMES.length]} ${COMPANION_LAST_NAMES[(offset + 7 * i) % COMPANION_LAST_NAMES.length]}`;
  return [{ name: `${booker.firstName} ${booker.lastName}` }, ...Array.from({ length: count - 1 }, (_, i) => ({ name: friend(i) }))];
}

export type CoachKey = 'maya' | 'marcus' | 'sofia' | 'priya' | 'diego' | 'hannah' | 'kai' | 'leila' | 'ben' | 'tunde' | 'grace' | 'rafael';
