/**
 * `npm test`: lint and the typecheck side by side, then the unit and integration tests, then
 * the browser tests. ESLint, tsc and svelte-check each keep one core busy, so on two or more
 * cores running them together saves the shorter one's time (about two minutes of a CI run);
 * the catalogs are compiled first because both read them. Each step's output is printed whole
 * when it ends, so two logs never interleave. Stops at the first failure, with its exit code.
 */
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs one command; its output is passed through live, or kept and printed at its end. */
const run = (label, command, args, { buffered = false } = {}) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      // npm.cmd is a batch file: Node runs those only through a shell.
      shell: process.platform === 'win32',
    });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      if (buffered) process.stdout.write(Buffer.concat(chunks));
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`\n[npm test] ${label}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });

const steps = [
  () => run('catalogs', npm, ['run', 'i18n']),
  async () => {
    const codes = await Promise.all([
      run('lint', npm, ['run', 'lint'], { buffered: true }),
      run('typecheck', npm, ['run', 'typecheck:code'], { buffered: true }),
    ]);
    return codes.find((code) => code !== 0) ?? 0;
  },
  () => run('unit and integration tests', npm, ['run', 'test:unit']),
  () => run('browser tests', npm, ['run', 'test:e2e']),
];

for (const step of steps) {
  const code = await step();
  if (code !== 0) process.exit(code);
}
