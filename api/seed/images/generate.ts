// Writes the demo artwork into site/public/images (run once: `bun db/seed/images/generate.ts`; the output is
// committed, so nothing is ever fetched from another site).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BLOG_POSTS } from '../demo/blog';
import { CATEGORIES } from '../demo/categories';
import { AVATARS, BLOG_PICTURES, CLASS_PICTURES, defaultClassPicture, hero, render, renderAvatar } from './artwork';

const OUT = resolve(import.meta.dir, '../../../site/public/images');
const written: Array<[string, number]> = [];

function write(path: string, svg: string): void {
  const file = join(OUT, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, svg + '\n');
  written.push([path, svg.length]);
}

for (const category of CATEGORIES) {
  const pictures = CLASS_PICTURES[category.key];
  if (!pictures) throw new Error(`no artwork for ${category.key}`);
  pictures.forEach((draw, i) =>
    write(`classes/${category.key}-${i + 1}.svg`, render(800, 600, `${category.name} class illustration`, draw)),
  );
}
write('classes/default.svg', render(800, 600, 'Outdoor class in San Francisco', defaultClassPicture));
for (const spec of AVATARS) write(`coaches/${spec.file}.svg`, renderAvatar(spec));
for (const post of BLOG_POSTS) {
  const draw = BLOG_PICTURES[post.slug];
  if (!draw) throw new Error(`no artwork for blog post ${post.slug}`);
  write(`blog/${post.slug}.svg`, render(1200, 675, post.title, draw));
}
write('hero.svg', render(1600, 900, 'The Golden Gate Bridge in the fog, with people running and doing yoga on the hills', hero));

const largest = written.reduce((a, b) => (b[1] > a[1] ? b : a));
console.log(`${written.length} images written to site/public/images (largest: ${largest[0]}, ${(largest[1] / 1024).toFixed(1)} KB)`);
