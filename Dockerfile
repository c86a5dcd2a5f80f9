# One image for the API, the worker and the migration job; docker-compose.yml picks the command.
# npm ci installs exactly package-lock.json and fails when it and package.json disagree.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/prisma-generate.mjs scripts/
COPY prisma prisma
COPY prisma.config.ts ./
RUN npm ci
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
# Install scripts are skipped: the Prisma client is already generated and compiled into dist/.
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist dist
COPY prisma prisma
USER node
EXPOSE 3000
CMD ["node", "dist/src/server.js"]
