import { spawn, type SpawnOptions } from 'node:child_process';

/** Runs a command to its end with `input` on stdin; resolves with what it printed, rejects unless it exits 0. */
export function runToEnd(
  command: string,
  args: string[],
  options: Pick<SpawnOptions, 'cwd' | 'env'>,
  input = '',
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`)),
    );
    child.stdin.end(input);
  });
}
