// Prints the configuration variables as a Markdown table, for the README:
//   npx tsx apps/server/scripts/config-table.ts
import { configVariables } from '../src/config';

const escape = (text: string) => text.replaceAll('|', '\\|');
const lines = [
  '| Variable | Default | Description |',
  '|---|---|---|',
  ...Object.entries(configVariables).map(
    ([name, { default: fallback, description }]) =>
      `| \`${name}\` | ${escape(fallback)} | ${escape(description)} |`,
  ),
];
process.stdout.write(`${lines.join('\n')}\n`);
