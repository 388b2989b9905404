/** The app's request log lines, as they are written: the server time of each answered request (the page benchmarks' log stream: impact-page.ts, dashboard.ts). */
export class ServerTimes {
  readonly durations: number[] = [];
  write(line: string) {
    try {
      const entry = JSON.parse(line) as { msg?: string; duration_ms?: number; level?: number; err?: unknown };
      if (entry.msg === 'request' && typeof entry.duration_ms === 'number') this.durations.push(entry.duration_ms);
      else if ((entry.level ?? 0) >= 50) process.stderr.write(`app: ${line}`);
    } catch {
      process.stderr.write(`app: ${line}`);
    }
  }

  /** The next request's line: it is written when the answer has been handed over, perhaps after the client read it. */
  async next(before: number): Promise<number> {
    for (let i = 0; this.durations.length <= before; i++) {
      if (i > 1000) throw new Error('the app wrote no request log line');
      await new Promise((resolve) => setImmediate(resolve));
    }
    return this.durations[before]!;
  }
}
