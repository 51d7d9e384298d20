// Blog posts in every status. Content is simple, safe HTML (paragraphs, headings, lists, bold, line breaks);
// read time is computed from the word count when seeding.
import type { BlogStatus } from '../../../db/schema';

export interface BlogPostData {
  slug: string;
  title: string;
  excerpt: string;
  tags: string[];
  status: BlogStatus;
  /** Days before today it was published (published and archived posts) or last written (drafts). */
  daysAgo: number;
  content: string;
}

const p = (text: string) => `<p>${text}</p>`;
const h2 = (text: string) => `<h2>${text}</h2>`;
const ul = (...items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
const html = (...blocks: string[]) => blocks.join('');

export const featuredImage = (slug: string) => `/images/blog/${slug}.svg`;

export const BLOG_POSTS: BlogPostData[] = [
  {
    slug: 'dressing-for-the-fog',
    title: 'Dressing for the Fog: A Layering Guide for Outdoor Classes',
    excerpt:
      'San Francisco can swing fifteen degrees between the Mission and Ocean Beach. Here is how our coaches dress so they are never too hot or too cold.',
    tags: ['Gear', 'Weather', 'San Francisco', 'Beginners'],
    status: 'published',
    daysAgo: 3,
    content: html(
      p(
        'Ask any coach who teaches outside in San Francisco and they will tell you the same thing: the weather you leave home in is not the weather you will train in. A sunny 72°F in Dolores Park can be a damp, windy 56°F at Crissy Field at the very same moment. The answer is not a heavier jacket; it is smarter layers.',
      ),
      h2('The three-layer rule'),
      ul(
        '<strong>Base layer:</strong> a moisture-wicking tee or long sleeve. Skip cotton, which holds sweat and chills you the moment you stop moving.',
        '<strong>Mid layer:</strong> a light fleece or merino quarter-zip you can tie around your waist once you warm up.',
        '<strong>Shell:</strong> a packable wind jacket. Along the bay and the coast, wind is what makes you cold, not the temperature.',
      ),
      h2('Dress for the end of class, not the start'),
      p(
        'You will warm up within ten minutes of a bootcamp or a run, so start slightly cold. For yoga, Pilates and sketching the opposite is true: you will cool down as class goes on, so bring one more layer than feels necessary. Our sunset classes lose about a degree every ten minutes once the sun drops.',
      ),
      h2('Small things that make a big difference'),
      p(
        'A beanie and thin gloves weigh almost nothing and rescue a foggy morning. A dry shirt in your bag makes the ride home far more pleasant. And sunscreen still matters on grey days: the marine layer blocks less UV than you think.',
      ),
      p(
        '<strong>Coach tip:</strong> check the forecast for the neighbourhood where class meets, not the one where you live.<br>The Outer Sunset and the Mission often feel like different cities.',
      ),
    ),
  },
  {
    slug: 'first-outdoor-yoga-class',
    title: 'Your First Outdoor Yoga Class: What to Expect',
    excerpt:
      'Practising on grass or sand feels different from a studio. A few simple tips will make your first class comfortable, calm and fun.',
    tags: ['Yoga', 'Beginners', 'Outdoor Training', 'Recovery'],
    status: 'published',
    daysAgo: 9,
    content: html(
      p(
        'Outdoor yoga swaps mirrors and heaters for sea air, birdsong and the occasional curious dog. It is one of the gentlest ways to start moving outside, and it asks very little of you beyond showing up. Here is what a typical class on Fogline looks like.',
      ),
      h2('Before you arrive'),
      ul(
        'Bring a mat with some grip; a thicker one is kinder to knees on uneven ground.',
        'Pack a warm layer for savasana, even on sunny days.',
        'Arrive ten minutes early so you can find a flat spot and say hello to your teacher.',
      ),
      h2('During class'),
      p(
        'Your teacher will pick a sheltered, level patch of ground and demonstrate each pose with an easier and a stronger option. Balance poses are harder on grass because the ground moves a little under you. That is a feature, not a flaw: your ankles and feet get stronger every class.',
      ),
      p(
        'Do not worry about noise. Passing runners, gulls and the foghorn become part of the practice, and most students say they find it easier to switch off outside than in a quiet room.',
      ),
      h2('After class'),
      p(
        'Shake out your mat, drink some water and take a minute to enjoy the view. If you liked it, look for classes marked as a weekly series: coming back to the same place at the same time is the best way to build a habit.',
      ),
      p(
        '<strong>Good first classes:</strong> Sunrise Vinyasa on Crissy Field and Slow Flow & Stretch in Dolores Park. Both welcome complete beginners.',
      ),
    ),
  },
  {
    slug: 'running-routes-with-views',
    title: 'Seven Running Routes with Views You Will Never Get Tired Of',
    excerpt:
      'From the Lands End Coastal Trail to the Lake Merritt loop, these are the routes our running coaches love most, with distances and tips.',
    tags: ['Running', 'San Francisco', 'Outdoor Training', 'Community'],
    status: 'published',
    daysAgo: 16,
    content: html(
      p(
        'San Francisco is small, hilly and surrounded by water on three sides, which makes it one of the best running cities in the country. We asked our running coaches for their favourite routes. Here is the list they agreed on, after a surprisingly heated debate.',
      ),
      ul(
        '<strong>Crissy Field to the Golden Gate Bridge</strong> (about 5 km out and back): flat, wide and iconic. Go early to beat the crowds.',
        '<strong>Lands End Coastal Trail</strong> (about 5 km): stairs, cypress trees and shipwreck views. Expect to walk a few steps and enjoy it.',
        '<strong>Lake Merced loop</strong> (7.2 km): a flat, paved loop that is perfect for steady long runs.',
        '<strong>Golden Gate Park, Stanyan to the ocean</strong> (about 5 km one way): mostly downhill heading west, with the beach as your finish line.',
        '<strong>Bernal Heights Park</strong> (1.5 km loop): short, steep and the best sunrise in the city.',
        '<strong>The Embarcadero</strong> (about 5 km): flat, fast and full of people watching.',
        '<strong>Lake Merritt, Oakland</strong> (5.5 km loop): lively, friendly and lit in the evening.',
      ),
      h2('Running them with a group'),
      p(
        'Every route on this list appears in Fogline classes, from the free Lake Merced long run to track intervals at Kezar Stadium. Group runs are paced at conversation speed, with regroup points so nobody gets left behind.',
      ),
      p(
        'Whatever route you choose, carry water on warm days, wear a layer for the wind and, on the coastal trails, watch your footing on the stairs.',
      ),
    ),
  },
  {
    slug: 'getting-kids-moving',
    title: 'Getting Kids Moving: How to Choose the Right Class for Your Child',
    excerpt: 'Soccer, tennis, dance or painting? A few questions help you pick a class your child will love and want to go back to.',
    tags: ['Kids', 'Family', 'Beginners', 'Coaching'],
    status: 'published',
    daysAgo: 24,
    content: html(
      p(
        'The best class for a child is the one they want to go back to. Skill comes later; enjoyment comes first. Our kids coaches shared the questions they ask parents before a first booking.',
      ),
      h2('Four questions to ask'),
      ul(
        '<strong>What does your child already love?</strong> Kids who build forts might enjoy painting; kids who never stop running might love soccer or track.',
        '<strong>Group or small group?</strong> Shy children often do better in classes with eight to twelve kids.',
        '<strong>How long can they focus?</strong> Under six, look for classes of 45 minutes or less.',
        '<strong>Will a parent stay?</strong> Many of our classes for younger children invite a grown-up to join for the last few minutes.',
      ),
      h2('Booking for more than one child'),
      p(
        'You can book several spots in one booking, which is handy for siblings and friends. Every Kids class shows the age range in its description, and coaches group children by age and experience once they arrive.',
      ),
      h2('Try a few things'),
      p(
        'Children change their minds, and that is healthy. A season of soccer, a few weeks of drumming and a painting class in the park all build confidence, coordination and friendships. Look for the Kids filter on the classes page to see everything on offer this month.',
      ),
    ),
  },
  {
    slug: 'sketching-the-city',
    title: 'Sketching the City: Why Plein-Air Art Is the New Mindfulness',
    excerpt:
      'Twenty minutes with a pen and a view slows everything down. Our art coaches explain why drawing outside feels so good, even if you think you cannot draw.',
    tags: ['Art', 'Community', 'San Francisco', 'Recovery'],
    status: 'published',
    daysAgo: 33,
    content: html(
      p(
        'Painting outdoors, en plein air, has a long history in the Bay Area: painters have been setting up easels on the Marin Headlands and along the Sausalito waterfront for more than a century. Today it is having a revival, and not only among artists.',
      ),
      h2('Looking is the exercise'),
      p(
        'When you draw a building, you look at it for twenty minutes instead of two seconds. You notice how the fog softens the edges of the bridge, how the light changes colour on a Victorian façade, how many shades of green one cypress tree holds. That sustained attention is what makes sketching feel so restorative.',
      ),
      h2('You do not need talent'),
      ul(
        'Start with simple shapes: boxes for buildings, circles for trees.',
        'Use a pen, so you stop erasing and keep going.',
        'Add a single wash of watercolour for mood, not detail.',
        'Date every page. Your sketchbook becomes a diary of the city.',
      ),
      p(
        'Our urban sketching walks in North Beach and our watercolour mornings on Crissy Field are built for complete beginners, with materials provided. Many students tell us it is the most relaxing two hours of their week.',
      ),
    ),
  },
  {
    slug: 'mobility-habits-for-outdoor-athletes',
    title: 'Recovery Matters: Mobility Habits for People Who Train Outside',
    excerpt:
      'Cold mornings, hills and uneven ground ask a lot of your body. Ten minutes of mobility a day keeps you training happily for years.',
    tags: ['Recovery', 'Outdoor Training', 'Yoga', 'Running'],
    status: 'published',
    daysAgo: 47,
    content: html(
      p(
        'Training outside is wonderful, but it adds a few demands a gym does not: cold muscles at 6:30 AM, steep hills, and grass or sand that moves under your feet. A short, regular mobility routine is the cheapest insurance you can buy.',
      ),
      h2('A ten-minute routine'),
      ul(
        '<strong>Ankle rocks</strong>, 10 per side: knee over toes against a wall or bench.',
        '<strong>World’s greatest stretch</strong>, 5 per side: lunge, elbow to instep, rotate and reach.',
        '<strong>Cat-cow</strong>, 10 slow reps to wake up the spine.',
        '<strong>Glute bridge</strong>, 15 reps with a two-second squeeze at the top.',
        '<strong>Thread the needle</strong>, 5 per side for the upper back.',
      ),
      h2('When to do it'),
      p(
        'Before class, keep it dynamic and brief. After class or in the evening, you can hold positions longer. Consistency beats intensity: ten minutes every day does more than an hour once a week.',
      ),
      p(
        'If something hurts rather than feels tight, stop and talk to your coach. Several Fogline coaches are physical therapists and are happy to suggest modifications.',
      ),
    ),
  },
  {
    slug: 'drum-circles-101',
    title: 'Drum Circles 101: Finding Your Groove in Golden Gate Park',
    excerpt: 'No experience, no drum, no problem. What happens at a community drum circle and how to join in.',
    tags: ['Music', 'Community', 'Beginners', 'San Francisco'],
    status: 'draft',
    daysAgo: 2,
    content: html(
      p(
        'On Sunday afternoons the slope of Hippie Hill fills with the sound of djembes, congas and shakers. Drum circles have been part of Golden Gate Park since the 1960s, and they are one of the most welcoming musical experiences in the city.',
      ),
      h2('How a circle works'),
      p(
        'A facilitator starts a simple pulse and invites everyone to join. Over time the group layers rhythms on top of each other until the whole circle locks into one groove. There is no audience: everyone plays.',
      ),
      ul('Bass: the palm in the centre of the drum.', 'Tone: fingers flat near the edge.', 'Slap: relaxed fingers snapping on the rim.'),
      p('<strong>Draft note:</strong> add photos from the next session and quotes from regulars.'),
    ),
  },
  {
    slug: 'what-to-eat-before-bootcamp',
    title: 'What to Eat Before a 6:30 AM Bootcamp',
    excerpt: 'Train on an empty stomach or eat first? A practical guide to early-morning fuel.',
    tags: ['Nutrition', 'Outdoor Training', 'Beginners'],
    status: 'draft',
    daysAgo: 5,
    content: html(
      p(
        'Early classes are popular because they fit before work, but they raise a common question: should you eat first? For most people, a small snack 30 to 60 minutes before class helps.',
      ),
      ul('Half a banana with a spoon of peanut butter.', 'A slice of toast with honey.', 'A small yoghurt.'),
      p('Drink a glass of water as soon as you wake up, and save the big breakfast for afterwards.'),
    ),
  },
  {
    slug: 'winter-rain-plan',
    title: 'Our Winter Rain Plan: How Classes Adapt to Storms',
    excerpt: 'What happens to outdoor classes when an atmospheric river rolls in, and how you are notified.',
    tags: ['Weather', 'Community', 'Coaching'],
    status: 'archived',
    daysAgo: 140,
    content: html(
      p(
        'Winter storms in the Bay Area can be intense. When heavy rain or high winds are forecast, coaches may move class to a covered spot nearby or reschedule it.',
      ),
      p(
        'If a class is cancelled, every booking is cancelled with a full refund and you receive an email. Light rain usually does not stop us: bring a waterproof layer and enjoy having the park to yourself.',
      ),
      p('This post describes last winter’s plan and has been archived.'),
    ),
  },
];
