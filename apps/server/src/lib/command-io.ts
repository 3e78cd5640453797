/** What an operator command (npm run games:sync, ledger:check, …) reads and writes. */
export interface CommandIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
}
