// Where a command writes: stdout for results, stderr for errors. Commands take it as a parameter
// so that unit tests can read what an operator would see.
export type CliIo = {
  out(text: string): void;
  err(text: string): void;
};

export const processIo: CliIo = {
  out: (text) => void process.stdout.write(`${text}\n`),
  err: (text) => void process.stderr.write(`${text}\n`),
};
