import fs from 'node:fs/promises';
import { withoutFinalNewline } from '../lib/text';

/**
 * A secret for a command: from a file (`--password-file`), else standard input: typed at a prompt without
 * echo on a terminal, or read whole from a pipe (`... < file`, a secrets manager). Never from the command
 * line, where other users of the machine and the shell's history would see it. The final line break goes.
 */
export async function readSecret(options: { file?: string; prompt: string }): Promise<string> {
  if (options.file) return withoutFinalNewline(await fs.readFile(options.file, 'utf8'));
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r?\n$/, '');
  }
  process.stderr.write(options.prompt);
  stdin.setRawMode(true);
  stdin.resume();
  let typed = '';
  try {
    for await (const chunk of stdin) {
      for (const character of Buffer.from(chunk).toString('utf8')) {
        if (character === '\r' || character === '\n') return typed;
        if (character === '\u0003') throw new Error('cancelled');
        if (character === '\u007f' || character === '\b') typed = typed.slice(0, -1);
        else typed += character;
      }
    }
    return typed;
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
    process.stderr.write('\n');
  }
}
