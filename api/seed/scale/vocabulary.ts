// Word lists the scale data set is assembled from: names, class activities per category, description
// sentences and blog topics. Varied enough that full-text search and filters have realistic work to do.
import type { CategoryKey } from '../demo/categories';

export const FIRST_NAMES = [
  'Aaliyah', 'Aaron', 'Abigail', 'Adrian', 'Aiko', 'Alejandro', 'Alexis', 'Amara', 'Andre', 'Anika',
  'Ari', 'Asha', 'Beatriz', 'Bianca', 'Brandon', 'Caleb', 'Camila', 'Carmen', 'Chloe', 'Dante',
  'Daniela', 'Devon', 'Elena', 'Eli', 'Emeka', 'Esme', 'Ethan', 'Fatima', 'Felix', 'Gabriel',
  'Gemma', 'Hana', 'Hugo', 'Imani', 'Isaac', 'Ivy', 'Jamal', 'Jasmine', 'Javier', 'Jin',
  'Jonah', 'Julia', 'Kaito', 'Keanu', 'Kiara', 'Lena', 'Leo', 'Lucia', 'Luis', 'Malia',
  'Mateo', 'Maxine', 'Mei', 'Miguel', 'Mina', 'Nadia', 'Naomi', 'Nico', 'Noor', 'Omar',
  'Paloma', 'Quinn', 'Rafa', 'Rania', 'Reza', 'Rosa', 'Ruby', 'Sami', 'Sana', 'Selena',
  'Soren', 'Tariq', 'Tessa', 'Theo', 'Uma', 'Valeria', 'Wes', 'Ximena', 'Yara', 'Zane',
];

export const LAST_NAMES = [
  'Abbott', 'Adeyemi', 'Alvarez', 'Anand', 'Baker', 'Bautista', 'Bennett', 'Castillo', 'Chang', 'Choi',
  'Collins', 'Cruz', 'Das', 'Delgado', 'Diaz', 'Dubois', 'Ellis', 'Evans', 'Farah', 'Fischer',
  'Flores', 'Foster', 'Garcia', 'Greene', 'Gupta', 'Hayes', 'Herrera', 'Hughes', 'Ito', 'Jensen',
  'Kapoor', 'Kaur', 'Kim', 'Kowalski', 'Lam', 'Larsen', 'Lee', 'Lopez', 'Mahmoud', 'Martin',
  'Mendoza', 'Mensah', 'Morales', 'Murphy', 'Nakamura', 'Nguyen', 'Novak', 'Okafor', 'Olsen', 'Ortiz',
  'Park', 'Patel', 'Perez', 'Quinn', 'Ramirez', 'Reyes', 'Rivera', 'Rossi', 'Sanchez', 'Santos',
  'Schmidt', 'Shah', 'Silva', 'Singh', 'Sullivan', 'Tanaka', 'Torres', 'Tran', 'Turner', 'Vargas',
  'Vega', 'Walsh', 'Wang', 'Watanabe', 'Weber', 'Williams', 'Wong', 'Yamamoto', 'Young', 'Zhang',
];

/** The activities each category's classes are named after. */
export const ACTIVITIES: Record<CategoryKey, string[]> = {
  yoga: ['Vinyasa Flow', 'Hatha Yoga', 'Yin Yoga', 'Power Yoga', 'Restorative Yoga', 'Sunrise Yoga'],
  pilates: ['Mat Pilates', 'Mobility Flow', 'Core Pilates', 'Stretch and Release', 'Pilates Sculpt'],
  hiit: ['HIIT Circuit', 'Park Bootcamp', 'Tabata Blast', 'Stair Intervals', 'Kettlebell HIIT'],
  running: ['Trail Run', 'Tempo Run Club', 'Hill Repeats', 'Easy Social Run', 'Track Intervals'],
  strength: ['Outdoor Strength', 'Kettlebell Basics', 'Calisthenics', 'Functional Fitness', 'Barbell Club'],
  tennis: ['Tennis Drills', 'Doubles Clinic', 'Serve and Volley', 'Cardio Tennis', 'Tennis Fundamentals'],
  soccer: ['Pickup Soccer', 'Soccer Skills', 'Small-Sided Games', 'Futsal Night', 'Goalkeeper Clinic'],
  surfing: ['Intro to Surfing', 'Surf Skills', 'Paddle Fitness', 'Longboard Session', 'Ocean Safety and Surf'],
  dance: ['Salsa in the Park', 'Hip-Hop Dance', 'Contemporary Dance', 'Swing Social', 'Afrobeat Dance'],
  painting: ['Plein Air Painting', 'Watercolor Sketching', 'Urban Sketching', 'Acrylic Landscapes', 'Ink and Wash'],
  photography: ['Photo Walk', 'Golden Hour Photography', 'Street Photography', 'Phone Photography', 'Night Photography'],
  music: ['Drum Circle', 'Ukulele Jam', 'Hand Percussion', 'Busking Workshop', 'Rhythm and Groove'],
};

export const MODIFIERS = ['Morning', 'Evening', 'Weekend', 'Beginner', 'Intermediate', 'Community', 'Express', 'Sunset', 'Open', 'Advanced'];

export const OPENERS = [
  'A friendly outdoor session for every level, led at a pace that lets you learn as you go.',
  'Fresh air, good company and a coach who knows every name by the end of the first class.',
  'We start with a thorough warm-up, build through the main set and finish with an easy cool-down.',
  'Bring your energy: this one moves quickly and rewards people who show up consistently.',
  'A small group, so the coach can give real feedback on technique to everyone.',
  'Designed for busy people who want a focused hour outside before or after work.',
];

export const FOCUS = [
  'We focus on form first, then add challenge as the group gets comfortable.',
  'Expect a mix of drills, games and short challenges that keep the hour playful.',
  'Every session has a theme, announced the day before, so you can come prepared.',
  'Options are shown for every exercise, from gentle to spicy.',
  'The last ten minutes are for questions, stretching and a little community time.',
  'Beginners are paired with regulars for the first few weeks.',
];

export const WEATHER = [
  'We meet rain or shine; if the weather turns dangerous the coach emails everyone an hour before.',
  'Layers help: the fog rolls in fast and the wind picks up in the afternoon.',
  'Sunscreen and water are a good idea even when the morning looks grey.',
  'There is parking nearby and the Muni stops a short walk away.',
];

export const WHAT_TO_BRING = [
  'Water bottle, layers and comfortable shoes.',
  'A mat or towel, water and sunscreen.',
  'Running shoes, a light jacket and water.',
  'Your own equipment if you have it; spares are available.',
  'Sketchbook or camera, a snack and a warm layer.',
];

export const BIO_LINES = [
  'Has coached outdoors in San Francisco for over a decade.',
  'Believes the best workouts happen with the ocean in view.',
  'Started teaching after a long career in tech and never looked back.',
  'Loves helping beginners find their first win.',
  'Competed nationally before turning to coaching full time.',
  'Teaches with patience, humour and a very loud whistle.',
];

export const CERTIFICATIONS = ['NASM Certified Personal Trainer', 'RYT-200', 'USSF D License', 'USPTA Professional', 'First Aid and CPR', 'ISA Level 1 Surf Instructor'];

export const BLOG_TOPICS = [
  'How to Start', 'Ten Tips for', 'What Coaches Wish You Knew About', 'A Beginner\u2019s Guide to', 'The Science of',
  'Staying Motivated With', 'Gear Guide:', 'Common Mistakes in', 'Why We Love', 'Seasonal Notes on',
];

export const BLOG_SUBJECTS = [
  'Outdoor Yoga', 'Trail Running', 'Park Bootcamps', 'Beach Surfing', 'Plein Air Painting', 'Street Photography',
  'Weekend Tennis', 'Pickup Soccer', 'Salsa Dancing', 'Drum Circles', 'Strength Training Outside', 'Recovery Days',
];

export const BLOG_TAGS = ['tips', 'beginners', 'community', 'gear', 'health', 'san-francisco', 'coaching', 'weather'];
