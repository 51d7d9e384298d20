/// <reference types="astro/client" />
declare namespace App {
  interface Locals {
    ctx: import('../api/context').AppContext;
    user: import('../api/auth/session').SessionUser | null;
    /** What this render read through the render cache (set by our Bun server; absent under astro dev). */
    renderScope?: import('../api/render-cache').RenderScope;
    /** Set when the header and bottom bar are rendered for another page's path (api/render-cache/chrome.ts). */
    chromePath?: string;
  }
}
