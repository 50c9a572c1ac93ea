/**
 * Progress lines and colour for the CLI. On a terminal: the running stage is one live line, redrawn
 * with its elapsed time and count, and verdicts are coloured unless NO_COLOR is set. Elsewhere (CI
 * logs, pipes): one plain line per stage, no escape codes. Text printed may quote a deployment's
 * answers, so its own control characters are shown as `\uXXXX` before it is written: only the colours
 * added here reach the terminal as escape sequences.
 */
import { terminalText } from '../report/index.ts';

export interface TerminalStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): boolean;
}

export interface Terminal {
  /** Colours are on: the output is a terminal and NO_COLOR is not set. */
  readonly colour: boolean;
  /** The progress stream is a terminal: stages are one redrawn line. */
  readonly live: boolean;
  /**
   * Prints a line of output (the live line is cleared first and drawn again after it): control
   * characters shown as `\uXXXX`, then verdict words coloured (FAILURE, FAIL and ✗ red, DIVERGENCE
   * yellow, PASS and ✓ green).
   */
  line(text: string): void;
  /** The stage now running (control characters shown as `\uXXXX`): a live line with its elapsed time on a terminal, else one plain line. */
  stage(text: string): void;
  /** How far the stage is: shown on the live line; nothing is printed off a terminal. */
  count(done: number, total: number, unit: string): void;
  /** Clears the live line and stops its clock. */
  finish(): void;
}

const CODES = {
  red: '\x1b[31m',
  yellow: '\x1b[33m',
  green: '\x1b[32m',
  dim: '\x1b[2m',
  bold: '\x1b[1m',
  reset: '\x1b[0m',
} as const;
const VERDICTS: [RegExp, keyof typeof CODES][] = [
  [/\b(FAILURE|FAILED|FAIL)\b|✗|✖/g, 'red'],
  [/\bDIVERGENCE\b/g, 'yellow'],
  [/\b(PASS|PASSED)\b|✓|✔/g, 'green'],
];
const REDRAW_MS = 250;

/** Whether colour is wanted on this stream (https://no-color.org: any non-empty NO_COLOR turns it off). */
export function wantsColour(stream: TerminalStream, env: NodeJS.ProcessEnv = process.env): boolean {
  return stream.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb';
}

export function createTerminal(
  output: TerminalStream = process.stdout,
  progress: TerminalStream = process.stderr,
  env: NodeJS.ProcessEnv = process.env,
): Terminal {
  const colour = wantsColour(output, env);
  const live = progress.isTTY === true && env.TERM !== 'dumb';
  const progressColour = wantsColour(progress, env);
  let stageText: string | undefined;
  let stageStarted = 0;
  let counted = '';
  let drawn = false;
  let clock: NodeJS.Timeout | undefined;

  const clear = () => {
    if (drawn) progress.write('\r\x1b[K');
    drawn = false;
  };
  const draw = () => {
    if (!live || stageText === undefined) return;
    const seconds = Math.floor((performance.now() - stageStarted) / 1000);
    const text = `${stageText}${counted ? ` ${counted}` : ''} ${seconds} s`.slice(0, (progress.columns ?? 80) - 1);
    progress.write(`\r\x1b[K${progressColour ? `${CODES.dim}${text}${CODES.reset}` : text}`);
    drawn = true;
  };
  const stopClock = () => {
    if (clock) clearInterval(clock);
    clock = undefined;
  };

  const paint = (text: string) => {
    if (!colour) return text;
    let painted = text;
    for (const [pattern, code] of VERDICTS)
      painted = painted.replace(pattern, (word) => `${CODES[code]}${CODES.bold}${word}${CODES.reset}`);
    return painted;
  };

  return {
    colour,
    live,
    line(text) {
      clear();
      output.write(`${paint(terminalText(text))}\n`);
      draw();
    },
    stage(text) {
      text = terminalText(text);
      stageText = text;
      stageStarted = performance.now();
      counted = '';
      if (!live) {
        progress.write(`${text}\n`);
        return;
      }
      draw();
      if (!clock) {
        clock = setInterval(draw, REDRAW_MS);
        clock.unref();
      }
    },
    count(done, total, unit) {
      counted = `${done}/${total} ${unit}`;
      draw();
    },
    finish() {
      stopClock();
      clear();
      stageText = undefined;
    },
  };
}
