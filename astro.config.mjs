// Astro: pages under site/, server output rendered by our Bun server (site/adapter), React islands, Tailwind v4.
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, passthroughImageService } from 'astro/config';
import bunAdapter from './site/adapter/index.mjs';

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  // DIST_DIR lets parallel builds (and their browser tests) use separate folders.
  outDir: process.env.DIST_DIR ?? './dist',
  output: 'server',
  adapter: bunAdapter(),
  integrations: [react()],
  server: { port: Number(process.env.PORT ?? 4321), host: true },
  // Our Bun server checks Origin for the API; pages have no form posts of their own.
  security: { checkOrigin: false },
  build: { inlineStylesheets: 'auto' },
  compressHTML: true,
  // Images are served as they are (SVG artwork, uploads already checked); no sharp on the server.
  image: { service: passthroughImageService() },
  vite: {
    plugins: [tailwindcss()],
    ssr: { external: ['@libsql/client', 'libsql', 'nodemailer', 'sanitize-html', 'stripe'] },
  },
});
