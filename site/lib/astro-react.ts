// Astro finds the renderer of an untagged component by rendering it once on trial (@astrojs/react's check),
// which doubles the server cost of every React component a page uses. Tagged components skip the trial.
const RENDERER = Symbol.for('astro:renderer');

export function tagReact<T extends object>(component: T): T {
  (component as Record<symbol, unknown>)[RENDERER] = '@astrojs/react';
  return component;
}
