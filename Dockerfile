# syntax=docker/dockerfile:1
# Stage 1: install everything and build api, redirector, worker and the web app.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# Stage 2: production dependencies and the build output only.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
# Run-time settings (README "Environment"): the product's own hosts come from these, not from the build.
ENV APP_URL=http://localhost:3000 SHORT_BASE_URL=http://localhost:8080
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000 8080
CMD ["node", "dist/apps/supervisor/main.js"]
