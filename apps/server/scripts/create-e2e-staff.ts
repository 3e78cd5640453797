// The browser tests' extra staff members, made by the real `staff:create` command in ONE
// process (each `npm run staff:create` pays for npm, tsx, the modules and opening PGlite; the
// back office's server waited for six of them in a row). The first member, the admin, is
// still made by `npm run staff:create` itself, so the command line is tested as operators use it.
//
//   tsx scripts/create-e2e-staff.ts <email>=<role>[+<role>…]=<output file> …
//
// Each member's output (with its one-time set-up link) goes to its own file, as the shell's
// `> file` did; relative paths are taken from INIT_CWD, the folder npm was called in.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { staffCreate } from '../src/commands/staff-create';

const base = resolve(process.env.INIT_CWD ?? process.cwd());
for (const spec of process.argv.slice(2)) {
  const [email, roles, file] = spec.split('=');
  if (!email || !roles || !file)
    throw new Error(`expected <email>=<role>[+<role>…]=<file>, got ${spec}`);
  const lines: string[] = [];
  const code = await staffCreate.run(
    ['--email', email, ...roles.split('+').flatMap((role) => ['--role', role])],
    {
      env: { ...process.env, INIT_CWD: base },
      out: (line) => lines.push(line),
      err: console.error,
    },
  );
  writeFileSync(resolve(base, file), `${lines.join('\n')}\n`);
  if (code !== 0) process.exit(code);
}
