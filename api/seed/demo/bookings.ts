// Who booked what beyond the random fill: the demo customer's own history (past, upcoming, reviewed, not yet
// reviewed, cancelled) and review comments that read like real people wrote them.
import type { CategoryKey } from './categories';

/** A class occurrence counted from now: `past: 0` is the latest one that already started, `upcoming: 0` the next. */
export type Occurrence = { class: string; past: number } | { class: string; upcoming: number };

export interface PlannedBooking {
  at: Occurrence;
  quantity?: number;
  review?: { rating: number; comment: string | null };
  /** Cancelled by the customer this many days ago (refunded in full when at least 48 h before the class). */
  cancelledDaysAgo?: number;
}

/** customer@fogline.test */
export const CASEY_BOOKINGS: PlannedBooking[] = [
  {
    at: { class: 'sunrise-vinyasa', past: 4 },
    review: {
      rating: 5,
      comment:
        'Maya’s cueing is so clear that I finally understood how to breathe through a flow. Watching the fog roll off the bridge during savasana was magical.',
    },
  },
  { at: { class: 'sunrise-vinyasa', past: 1 } },
  { at: { class: 'sunrise-vinyasa', upcoming: 1 } },
  { at: { class: 'sunrise-vinyasa', upcoming: 3 } },
  {
    at: { class: 'ocean-beach-sunset-yoga', past: 0 },
    review: {
      rating: 4,
      comment: 'Beautiful setting and a lovely, calm class. It got chilly once the sun went down, so bring more layers than you think.',
    },
  },
  {
    at: { class: 'kids-soccer', past: 2 },
    quantity: 2,
    review: {
      rating: 5,
      comment: 'Both of my kids came home asking when the next practice is. Diego knows every child’s name by the second week.',
    },
  },
  { at: { class: 'kids-soccer', upcoming: 1 }, quantity: 2 },
  {
    at: { class: 'intro-surf-ocean-beach', past: 1 },
    review: { rating: 4, comment: 'Kai is a patient teacher and very serious about safety. I stood up on my fourth wave!' },
  },
  { at: { class: 'golden-hour-photo-walk', past: 0 } },
  { at: { class: 'lands-end-trail-run', upcoming: 0 } },
  { at: { class: 'plein-air-watercolor', upcoming: 0 } },
  { at: { class: 'hippie-hill-drums', upcoming: 2 } },
  { at: { class: 'salsa-on-the-green', upcoming: 1 }, cancelledDaysAgo: 1 },
];

/** The full class the demo customer waits for (its first full occurrence to come), behind one or two
 * others, so My Bookings' Waitlist tab has a real entry: the surf lesson she already took once. */
export const CASEY_WAITS_FOR = 'intro-surf-ocean-beach';

/** Other customers' cancellations, so the coach and admin views show them too. */
export const OTHER_CANCELLATIONS: Array<PlannedBooking & { customer: string }> = [
  { customer: 'olivia', at: { class: 'tennis-beginners', upcoming: 0 }, cancelledDaysAgo: 2 },
  { customer: 'ethan', at: { class: 'alamo-kettlebells', past: 0 }, cancelledDaysAgo: 6 },
];

/** Comments by rating, used for the other customers' reviews. */
export const REVIEW_COMMENTS: Record<number, string[]> = {
  5: [
    'Best class I have taken in the city. Well organised, friendly and genuinely challenging.',
    'Exactly what I needed. Clear instructions, great energy and a stunning spot.',
    'I have been to a lot of outdoor classes and this is the one I keep coming back to.',
    'Five stars. The coach made everyone feel welcome, from total beginners to regulars.',
    'Started on time, ended on time, and I learned something new. Already booked the next one.',
  ],
  4: [
    'Really enjoyed it. A bit windy, but the coach adapted the session well.',
    'Great class and a great group. Parking nearby was tricky, so take Muni if you can.',
    'Solid session with good coaching. I would love it to be fifteen minutes longer.',
    'Very good overall; the warm-up alone was worth it.',
  ],
  3: [
    'Good coach, but the group was large and I did not get much individual feedback.',
    'Nice location and a fine workout. It started ten minutes late.',
    'It was okay. A little too advanced for me as a beginner.',
  ],
  2: [
    'The fog rolled in and we cut it short. I would try again on a clearer day.',
    'Not what the description suggested; less instruction than I hoped for.',
  ],
  1: ['The class started very late and felt disorganised.'],
};

/** Category-flavoured praise mixed in with the general comments. */
export const CATEGORY_COMMENTS: Partial<Record<CategoryKey, string[]>> = {
  yoga: [
    'My hamstrings have never felt better. Such a peaceful way to spend a morning.',
    'Perfect balance of effort and rest. The savasana with the ocean sounds is unbeatable.',
  ],
  pilates: [
    'Precise cues and real attention to form. My lower back feels so much better.',
    'Harder than it looks in the best way. My core was sore for two days.',
  ],
  hiit: [
    'Brutal and brilliant. The coach keeps the energy up without ever shouting.',
    'Great variety of exercises and every one had an easier option.',
  ],
  running: ['Loved the route and the regroup points. Nobody was left behind.', 'The pacing advice alone knocked a minute off my 5K.'],
  strength: [
    'Finally feel confident with a kettlebell. Form corrections were spot on.',
    'Smart programming and lots of individual attention.',
  ],
  tennis: [
    'So many balls hit in ninety minutes. My backhand is finally improving.',
    'Hannah explains technique in a way that actually sticks.',
  ],
  soccer: [
    'Well-run sessions with lots of touches on the ball. Great vibe on the field.',
    'Balanced teams and a coach who actually coaches during the games.',
  ],
  surfing: [
    'Safety briefing was thorough, and I caught real waves by the end.',
    'Kai read the conditions perfectly. Unforgettable morning.',
  ],
  dance: ['Laughed the whole hour and somehow learned a full routine.', 'Fun, welcoming and a proper workout. The music was fantastic.'],
  painting: [
    'I have not painted since school and left with something I am proud of.',
    'Gentle, encouraging teaching and a gorgeous spot to paint.',
  ],
  photography: ['Learned more about light in two hours than from a year of videos.', 'Great route and practical tips I use every day now.'],
  music: ['Such a joyful community. By the end we really were one groove.', 'Tunde is a wonderful teacher; patient and so much fun.'],
};
