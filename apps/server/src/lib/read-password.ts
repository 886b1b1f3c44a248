/**
 * A password for a command-line tool, never echoed and never taken from the command line (where `ps` and the shell's
 * history would keep it): from standard input when that is a pipe or a file (its first line; scripts and tests), else
 * typed twice at the terminal with echo off. Prompts go to stderr, so stdout stays the command's result.
 */
export async function readPassword(
  prompt: string,
  again: string,
): Promise<{ password: string; confirm: string }> {
  if (!process.stdin.isTTY) {
    const line = await firstLine();
    return { password: line, confirm: line };
  }
  const password = await askHidden(prompt);
  return { password, confirm: await askHidden(again) };
}

async function firstLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

const ENTER = new Set(['\r', '\n']);
const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const BACKSPACE = new Set(['\u007f', '\b']);

/** One line typed in raw mode, so the terminal shows nothing; Ctrl-C cancels. */
function askHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (err?: Error) => {
      input.removeListener('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ENTER.has(ch)) return finish();
        if (ch === CTRL_C || (ch === CTRL_D && !value)) return finish(new Error('cancelled'));
        if (BACKSPACE.has(ch)) value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    input.setRawMode(true);
    input.on('data', onData);
    input.resume();
  });
}
