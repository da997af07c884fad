/**
 * The change notices this process heard in the last minutes, so that a stream opened with
 * `?since=` replays what was committed after the tab's first reads instead of the tab reading
 * every list again (DESIGN §4 "Live changes"). Coverage starts when the process begins hearing
 * notices (on PostgreSQL, when its LISTEN connection is up, and again after it came back) and moves
 * forward as old notices are dropped; a `since` before it is not covered: the stream says `resync`.
 */
import type { ChangeNotice } from '../../domain/records.ts';

/** How long notices are kept, and at most how many. */
export const RECENT_NOTICES_MS = 10 * 60_000;
export const RECENT_NOTICES_MAX = 5_000;

export class RecentNotices {
  private readonly heard: { at: number; notice: ChangeNotice }[] = [];
  /** From when every notice is here (epoch ms); Infinity while nothing is heard yet. */
  private coveredFrom = Number.POSITIVE_INFINITY;

  private readonly now: () => number;
  private readonly keepMs: number;
  private readonly max: number;

  constructor(now: () => number = Date.now, keepMs = RECENT_NOTICES_MS, max = RECENT_NOTICES_MAX) {
    this.now = now;
    this.keepMs = keepMs;
    this.max = max;
  }

  /** Notices are heard from now on; what came before (a lost connection) is not known. */
  startCovering(): void {
    this.heard.length = 0;
    this.coveredFrom = this.now();
  }

  add(notices: readonly ChangeNotice[]): void {
    if (this.coveredFrom === Number.POSITIVE_INFINITY) return;
    const at = this.now();
    for (const notice of notices) this.heard.push({ at, notice });
    this.prune(at);
  }

  /** Every notice heard at or after `time`, or undefined when some of them may be missing. */
  since(time: number): ChangeNotice[] | undefined {
    this.prune(this.now());
    if (time < this.coveredFrom) return undefined;
    return this.heard.filter((entry) => entry.at >= time).map((entry) => entry.notice);
  }

  private prune(now: number): void {
    let dropped = 0;
    while (dropped < this.heard.length && (this.heard.length - dropped > this.max || this.heard[dropped]!.at < now - this.keepMs)) dropped += 1;
    if (dropped === 0) return;
    // Notices of the same instant as a dropped one may be gone too: coverage starts just after it.
    this.coveredFrom = Math.max(this.coveredFrom, this.heard[dropped - 1]!.at + 1);
    this.heard.splice(0, dropped);
  }
}
