/**
 * Progress of a fuzz run on a stream: a single redrawn bar on a terminal, a plain line every tenth
 * of the way otherwise (CI logs).
 */
export interface ProgressLine {
  update(done: number, total: number): void;
  /** Clears the bar (terminal) so the next output starts on a clean line. */
  finish(): void;
}

interface Stream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): boolean;
}

const WIDTH = 30;

export function createProgressLine(stream: Stream): ProgressLine {
  let lastDraw = 0;
  let lastTenth = -1;
  let drawn = false;
  return {
    update(done, total) {
      const ratio = total > 0 ? Math.min(1, done / total) : 1;
      if (stream.isTTY) {
        const now = Date.now();
        if (now - lastDraw < 50 && done < total) return;
        lastDraw = now;
        const filled = Math.round(ratio * WIDTH);
        const line = `fuzzing [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${done}/${total} cases ${Math.round(ratio * 100)}%`;
        stream.write(`\r${line.slice(0, (stream.columns ?? 80) - 1)}`);
        drawn = true;
        return;
      }
      const tenth = Math.floor(ratio * 10);
      if (tenth > lastTenth) {
        lastTenth = tenth;
        stream.write(`fuzzing: ${done}/${total} cases (${tenth * 10}%)\n`);
      }
    },
    finish() {
      if (drawn) stream.write(`\r${' '.repeat((stream.columns ?? 80) - 1)}\r`);
      drawn = false;
    },
  };
}
