// Type-aware lint for every workspace: floating promises, exhaustive switches and
// consistent type imports are errors, because each of them has hidden a real bug before.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * Web boundaries (decision 034): imports flow shared → features → app. shared/ imports neither
 * features/ nor app/; a feature imports nothing from app/ and reaches another feature only
 * through its public entry (features/<name>/index.ts); the shell does the same, except that the
 * router loads each page lazily, with import(), from features/<name>/pages/ (a page in an entry
 * would join the first download). ESLint's no-restricted-imports reads the import as written,
 * so the rules for a feature are given per folder depth: from features/games/components/, a
 * path with two "../" names another feature. It does not see import(), so no-restricted-syntax
 * covers those. Tests of a feature may render the shell (app/) around it.
 */
const webSrc = 'apps/web/src';
/** Folder depth inside a feature that the rules cover (features/<name>/a/b/c/file.ts is 3). */
const featureDepths = [0, 1, 2, 3, 4];
const notEntry = '(?!index(?:\\.tsx?)?$)';
const insidesMessage =
  "Another feature's insides: import its public entry (features/<name>/index.ts) instead (decision 034).";
const appMessage =
  'app/ is the shell above the features: neither a feature nor shared/ imports it (decision 034).';
const sharedMessage =
  'shared/ is below the features: it imports nothing from features/ (decision 034).';

/** One import restriction: `regex` against the import path as written. */
const restrict = (regex, message) => ({ regex, message });
/** The same restriction for import(): esquery regex literals need their slashes escaped. */
const restrictDynamic = (regex, message) => ({
  selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\/')}/]`,
  message: `import(): ${message}`,
});

function boundaryRules({ imports, dynamic }) {
  return {
    'no-restricted-imports': ['error', { patterns: imports }],
    'no-restricted-syntax': ['error', ...dynamic],
  };
}

function featureBoundaries(depth, { tests }) {
  const toFeatures = `^(?:\\.\\./){${depth + 1}}`;
  const toSrc = `^(?:\\.\\./){${depth + 2}}`;
  const insides = [
    restrict(`${toFeatures}[^./][^/]*/${notEntry}`, insidesMessage),
    restrict(`${toSrc}features/[^/]+/${notEntry}`, insidesMessage),
  ];
  const app = [restrict(`${toSrc}(?:app|main)(?:[/.]|$)`, appMessage)];
  const folders = '*/'.repeat(depth);
  return {
    files: tests
      ? [`${webSrc}/features/*/${folders}*.test.{ts,tsx}`]
      : [`${webSrc}/features/*/${folders}*.{ts,tsx}`],
    rules: boundaryRules({
      imports: tests ? insides : [...insides, ...app],
      dynamic: [
        restrictDynamic(`${toFeatures}[^./][^/]*/${notEntry}`, insidesMessage),
        restrictDynamic(`${toSrc}features/[^/]+/${notEntry}`, insidesMessage),
        restrictDynamic(`${toSrc}app/`, appMessage),
      ],
    }),
  };
}

const webBoundaries = [
  {
    files: [`${webSrc}/shared/**/*.{ts,tsx}`],
    rules: boundaryRules({
      imports: [
        restrict('^(?:\\.\\./)+features(?:/|$)', sharedMessage),
        restrict('^(?:\\.\\./)+(?:app|main)(?:[/.]|$)', appMessage),
      ],
      dynamic: [
        restrictDynamic('^(?:\\.\\./)+features/', sharedMessage),
        restrictDynamic('^(?:\\.\\./)+app/', appMessage),
      ],
    }),
  },
  ...featureDepths.map((depth) => featureBoundaries(depth, { tests: false })),
  ...featureDepths.map((depth) => featureBoundaries(depth, { tests: true })),
  {
    files: [`${webSrc}/app/**/*.{ts,tsx}`, `${webSrc}/*.{ts,tsx}`],
    rules: boundaryRules({
      imports: [restrict(`(?:^|/)features/[^/]+/${notEntry}`, insidesMessage)],
      dynamic: [
        restrictDynamic(
          '(?:^|/)features/[^/]+/(?!pages/|index)',
          'the shell loads a page of a feature (features/<name>/pages/) or its entry, nothing else (decision 034).',
        ),
      ],
    }),
  },
];

/*
 * Server boundaries (decision 035): a server feature reaches another feature only through its
 * public entry (features/<name>/index.ts), and so does the code outside the features (app.ts,
 * http/, the scripts' modules under src/). The same per-depth patterns as the web's.
 */
const serverSrc = 'apps/server/src';
const serverInsidesMessage =
  "Another server feature's insides: import its public entry (features/<name>/index.ts) instead (decision 035).";

function serverFeatureBoundaries(depth) {
  const toFeatures = `^(?:\\.\\./){${depth + 1}}`;
  const toSrc = `^(?:\\.\\./){${depth + 2}}`;
  const insides = [
    restrict(`${toFeatures}[^./][^/]*/${notEntry}`, serverInsidesMessage),
    restrict(`${toSrc}features/[^/]+/${notEntry}`, serverInsidesMessage),
  ];
  const folders = '*/'.repeat(depth);
  return {
    files: [`${serverSrc}/features/*/${folders}*.ts`],
    rules: boundaryRules({
      imports: insides,
      dynamic: insides.map(({ regex, message }) => restrictDynamic(regex, message)),
    }),
  };
}

const serverBoundaries = [
  ...featureDepths.map((depth) => serverFeatureBoundaries(depth)),
  {
    files: [`${serverSrc}/*.ts`, `${serverSrc}/{commands,db,http,lib}/**/*.ts`],
    // config.ts is below the features (every feature reads it): it takes only the features'
    // configuration schemas (<name>-config.ts) and the wallet's money rules, which import
    // nothing back; an entry would bring the whole feature and a cycle through config.
    ignores: [`${serverSrc}/config.ts`],
    rules: boundaryRules({
      imports: [restrict(`(?:^|/)features/[^/]+/${notEntry}`, serverInsidesMessage)],
      dynamic: [restrictDynamic(`(?:^|/)features/[^/]+/${notEntry}`, serverInsidesMessage)],
    }),
  },
  {
    files: [`${serverSrc}/config.ts`],
    rules: boundaryRules({
      imports: [
        restrict(
          '(?:^|/)features/(?![^/]+/[^/]+-config$|wallet/money$)[^/]+/',
          "config.ts takes only a feature's configuration schema (<name>-config.ts) (decision 035).",
        ),
      ],
      dynamic: [],
    }),
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.mjs',
      '**/*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/backoffice/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...webBoundaries,
  ...serverBoundaries,
);
