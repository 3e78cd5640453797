import { fileURLToPath } from 'node:url';
// The contracts package's own file (its entry is TypeScript, which the config loader cannot import).
import { limits } from '../../packages/contracts/src/limits';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import {
  i18nLiteAliases,
  inlineBootImages,
  inlineEntryCss,
  precompress,
  preloadRouteChunks,
} from './vite-plugins';

/**
 * Modules the lobby pages share (not the pages themselves: each stays its own chunk), with
 * the few small shared modules and icons they load beside them (the API client, the page
 * frame, two hooks): each would otherwise be a file of a few hundred bytes, and on a phone's
 * link every file of a landing page costs a request (issue 16).
 */
const lobbyShared =
  /[\\/](src[\\/]features[\\/]games[\\/](?!pages[\\/](?!lobby-page\.module))|src[\\/]shared[\\/](lib[\\/](api-client|use-document-title|use-debounced-value)|ui[\\/]page[\\/])|node_modules[\\/](@tanstack|lucide-react)[\\/])/;
/**
 * Lobby modules the shell itself uses on every page (header search box, Play modal host) and
 * the feature's public entry it imports them through: not in the lobby chunk, which other
 * pages need not download. The operator's providers (the catalog and its list), which the
 * sidebar loads after the first paint, are in it: every lobby page reads them too, and as
 * files of their own they cost a landing page two more requests.
 */
const lobbyInShell =
  /[\\/]features[\\/]games[\\/]index\.|[\\/](header-search|search-store|lazy-play-modal)\./;

/**
 * What the first download shares with lazily loaded screens: the libraries, and the few
 * modules of our own that both read (the limits, stored preferences). The bundler keeps shared
 * modules out of the entry, so without them here they would be a file of their own.
 */
const firstDownloadShared =
  /[\\/](node_modules[\\/]|packages[\\/]contracts[\\/]src[\\/]limits\.|src[\\/]shared[\\/]lib[\\/](storage|preference-cookie)\.)/;

// The first API requests of the lobby pages, exactly as the app makes them (the route table).
const { currency, gamePageSize: pageSize, topGamesExpanded: topGames } = limits;

// The dev server forwards /api to the local API server, so the SPA and the API share one origin
// in development exactly as they do in production (the server serves dist/ and /api).
export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    inlineEntryCss(),
    inlineBootImages(),
    // The lobby pages a player lands on from outside (a link, a search result, a bookmark).
    preloadRouteChunks(
      [
        {
          path: '^/$',
          module: 'features/games/pages/home-page.tsx',
          // The first slide of the carousel, the largest paint of the home page. The page
          // paints it at once from its own copy (index.html, decision 057); the file, which
          // the carousel shows when it takes over, comes without hurry.
          images: [
            {
              href: '/banners/universe-mobile.svg',
              media: '(max-width: 768px)',
              fetchPriority: 'low',
            },
            {
              href: '/banners/universe-desktop.svg',
              media: '(min-width: 769px)',
              fetchPriority: 'low',
            },
          ],
          // The first screen's answers only: the recent games sit below it, and a third
          // answer in front of the code held one of a phone's six connections (decision 059).
          // The banners come from the server (decision 090); their answer arrives beside the
          // code, so the carousel's texts come with its first render.
          fetches: [
            '/api/banners',
            '/api/games/providers',
            `/api/total/games?currency=${currency}&page=1&limit=${topGames}&sort=top`,
          ],
        },
        {
          path: '^/casino$',
          module: 'features/games/pages/casino-page.tsx',
          fetches: [
            '/api/games/providers',
            `/api/total/games?currency=${currency}&page=1&limit=${pageSize}&sort=all`,
          ],
        },
        // Each studio's own list first (SPEC §5: three different APIs).
        ...(
          [
            ['endorphina', `/api/endo-game/list?currency=${currency}&page=1&limit=${pageSize}`],
            ['gbgames', `/api/provider2-game/list/${currency}/EN?page=1`],
            [
              'pragmatic',
              `/api/pragmatic/list?currency=${currency}&page=1&limit=${pageSize}`,
              // Its list carries no count: the page reads it from the combined list.
              `/api/total/games?currency=${currency}&page=1&limit=1&sort=all&provider=pragmatic`,
            ],
          ] as const
        ).map(([slug, ...lists]) => ({
          path: `^/${slug}$`,
          module: 'features/games/pages/provider-page.tsx',
          fetches: ['/api/games/providers', ...lists],
        })),
      ],
      { en: 'shared/i18n/games/en.ts', ru: 'shared/i18n/games/ru.ts' },
      // The sidebar's provider list, which the shell loads lazily on every page.
      ['app/layout/provider-nav.tsx'],
    ),
    precompress(),
  ],
  resolve: {
    alias: [
      ...i18nLiteAliases,
      ...(mode === 'production'
        ? [
            // React Router's package exports only its development build (warnings, checks and
            // their messages, decision 056); the production build sits beside it.
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL(
                  '../../node_modules/react-router/dist/production/index.mjs',
                  import.meta.url,
                ),
              ),
            },
          ]
        : []),
    ],
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true },
    },
  },
  css: {
    modules: {
      // Short class names in production: each one is written in both the CSS and the JS of
      // its component. Development keeps readable ones.
      generateScopedName: mode === 'production' ? '_[hash:base64:6]' : '[name]_[local]_[hash:4]',
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser we support preloads modules natively; the polyfill would cost 0.5 KB gzip.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // The contracts package builds zod schemas at module level, which a bundler must keep
        // unless told they are pure; the shell only needs its constants, so a schema module
        // nobody imports from (and zod with it) stays out of the bundle.
        // A feature's public entry (features/<name>/index.ts, decision 034) only re-exports:
        // told so, the bundler follows each import to the module that holds it, and a module
        // the shell does not use (the account hooks of auth, for the profile) stays with the
        // lazy screens that do instead of joining the first download through the entry.
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]contracts[\\/]/, sideEffects: false },
          { test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
        ],
      },
      output: {
        // Libraries change less often than our code: a separate chunk stays cached across deploys.
        // Only the libraries of the first download ($initial): one that only lazily loaded
        // screens use (zod, for the account forms) stays with them instead of being preloaded.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: firstDownloadShared, tags: ['$initial'], priority: 3 },
            // The code two or more lobby pages share (tiles, lists, game queries, and the
            // parts of TanStack Query only lazy screens use) in one chunk instead of a dozen
            // small ones, which compress worse and each cost a request; a module only one
            // page uses stays in that page's chunk (decision 022).
            {
              name: 'lobby',
              test: (id: string) => lobbyShared.test(id) && !lobbyInShell.test(id),
              priority: 1,
              includeDependenciesRecursively: false,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
}));
