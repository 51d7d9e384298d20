// A minimal Astro adapter for Bun: the build exports a fetch-style `renderPage` that our own Bun server
// calls for every non-/api request, so /api never pays for Astro's routing (see api/server.ts).
export default function bunAdapter() {
  return {
    name: 'fogline-bun-adapter',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'fogline-bun-adapter',
          entrypointResolution: 'auto',
          serverEntrypoint: new URL('./entry.mjs', import.meta.url),
          supportedAstroFeatures: {
            staticOutput: 'stable',
            hybridOutput: 'stable',
            serverOutput: 'stable',
            sharpImageService: 'unsupported',
          },
        });
      },
    },
  };
}
