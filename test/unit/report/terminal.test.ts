import { describe, expect, it } from 'vitest';
import { createTerminal, type TerminalStream } from '../../../cli/terminal.ts';

function stream(isTTY: boolean): TerminalStream & { text: string } {
  const out = {
    isTTY,
    columns: 100,
    text: '',
    write(chunk: string) {
      out.text += chunk;
      return true;
    },
  };
  return out;
}

describe('CLI progress and colour', () => {
  it('off a terminal: one plain line per stage, results as they are, no escape code', () => {
    const output = stream(false);
    const progress = stream(false);
    const terminal = createTerminal(output, progress, {});
    terminal.stage('conform: scenarios: running');
    terminal.count(3, 20, 'suites');
    terminal.line('FAILURE getProduct: expected 200');
    terminal.stage('conform: pact: running');
    terminal.finish();
    expect(progress.text).toBe('conform: scenarios: running\nconform: pact: running\n');
    expect(output.text).toBe('FAILURE getProduct: expected 200\n');
    // eslint-disable-next-line no-control-regex -- the escape character is what is looked for
    expect(output.text + progress.text).not.toMatch(/\x1b|\r/);
  });

  it('on a terminal: a live stage line redrawn in place and cleared around output, verdicts coloured', () => {
    const output = stream(true);
    const progress = stream(true);
    const terminal = createTerminal(output, progress, {});
    expect(terminal.colour).toBe(true);
    terminal.stage('scenarios: running 20 suite(s)');
    terminal.count(3, 20, 'suites');
    expect(progress.text).toContain('\r\x1b[K');
    expect(progress.text).toContain('scenarios: running 20 suite(s) 3/20 suites 0 s');
    terminal.line('✗ FAILURE x, DIVERGENCE y, PASS z');
    expect(output.text).toBe(
      '\x1b[31m\x1b[1m✗\x1b[0m \x1b[31m\x1b[1mFAILURE\x1b[0m x, \x1b[33m\x1b[1mDIVERGENCE\x1b[0m y, \x1b[32m\x1b[1mPASS\x1b[0m z\n',
    );
    terminal.finish();
    expect(progress.text.endsWith('\r\x1b[K')).toBe(true);
  });

  it('honours NO_COLOR on a terminal, keeping the live line', () => {
    const output = stream(true);
    const progress = stream(true);
    const terminal = createTerminal(output, progress, { NO_COLOR: '1' });
    expect(terminal.colour).toBe(false);
    terminal.line('FAILURE');
    expect(output.text).toBe('FAILURE\n');
    terminal.stage('pact: running');
    expect(progress.text).toContain('\rpact: running'.replace('\r', '\r\x1b[K'));
    expect(progress.text).not.toContain('\x1b[2m');
    terminal.finish();
  });

  it("shows the control characters of the text it prints as \\uXXXX, so a deployment's answer cannot drive the terminal", () => {
    const output = stream(true);
    const progress = stream(true);
    const terminal = createTerminal(output, progress, {});
    // Clear screen, window title, clipboard write (OSC 52), a link (OSC 8), an 8-bit CSI, DEL, a carriage return.
    const hostile =
      'got 500 \x1b[2J\x1b]0;owned\x07\x1b]52;c;ZXZpbA==\x07\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\\x9b31m\x7f\r FAILURE';
    terminal.stage(`conform: ${hostile}`);
    terminal.line(`first line\n\t${hostile}`);
    terminal.finish();
    // The only escape sequences are the terminal's own: colours and the live line's redraw.
    // eslint-disable-next-line no-control-regex -- the escape character is what is looked for
    const own = /\x1b\[(?:\d+m|K)/g;
    // eslint-disable-next-line no-control-regex -- control characters are what is looked for
    const controls = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;
    expect(output.text.replace(own, '')).not.toMatch(controls);
    expect(progress.text.replace(own, '').replace(/\r/g, '')).not.toMatch(controls);
    expect(output.text).toContain('\\u001b[2J\\u001b]0;owned\\u0007\\u001b]52;c;ZXZpbA==\\u0007');
    expect(output.text).toContain('\\u009b31m\\u007f\\u000d');
    expect(output.text).toContain('first line\n\t');
    expect(output.text).toContain('\x1b[31m\x1b[1mFAILURE\x1b[0m');
  });
});
