/** Styles of the planning board, injected once when its chunk loads. */
import { injectStyles } from '../shell/inject-styles.ts';
const css = `
.screen-board { --board-lane-head: 9.5rem; --board-day-min: 7.4rem; }
/* A day as wide as a whole code (INT-2026-00001) and its marks: codes are never cut. */
.screen-board.board-month { --board-day-min: 7.6rem; }
.board-hint { font-size: .85rem; opacity: .8; margin: .2rem 0 .4rem; }
.board-views { display: inline-flex; gap: .2rem; }
.board-views button[aria-pressed="true"] { font-weight: 700; text-decoration: underline; }
.board-period { text-transform: capitalize; }
.board-status { margin-left: auto; }
.board-clash-count { color: var(--danger, #b00020); font-weight: 600; }
.board-search { display: inline-flex; gap: .4rem; align-items: center; margin-bottom: .4rem; font-size: .9rem; }
.board-search input { min-width: 16rem; padding: .25rem .4rem; }
.board { display: flex; gap: .5rem; height: max(20rem, calc(100vh - 17rem)); border: 1px solid var(--border, color-mix(in srgb, CanvasText 20%, transparent)); border-radius: 6px; }
.board-backlog, .board-lanes { outline: none; }
.board-backlog:focus, .board-lanes:focus { box-shadow: inset 0 0 0 2px var(--focus, Highlight); }
.board-backlog { flex: 0 0 14rem; overflow: auto; padding: .4rem; border-right: 1px solid var(--border, color-mix(in srgb, CanvasText 15%, transparent)); display: flex; flex-direction: column; gap: .25rem; }
.board-backlog h2 { font-size: .95rem; margin: 0 0 .3rem; }
.board-lanes { flex: 1; overflow: auto; position: relative; }
.board-row { display: grid; grid-template-columns: var(--board-columns); }
/* Every row as wide as its days: a lane is absolutely placed (width of the visible part) and paint-contained,
   so without it a month's days past the first screen were clipped blank once scrolled to. */
.board-row { min-width: calc(var(--board-lane-head) + var(--board-days, 7) * var(--board-day-min)); }
.board-head { position: sticky; top: 0; z-index: 2; background: var(--surface, Canvas); border-bottom: 1px solid var(--border, color-mix(in srgb, CanvasText 25%, transparent)); font-weight: 600; font-size: .85rem; }
.board-head > div { padding: .25rem .3rem; white-space: nowrap; }
/* Lanes and cells have their sizes from the grid: laid out and painted apart (a month draws hundreds of cards). */
.board-lane { border-bottom: 1px solid var(--border, color-mix(in srgb, CanvasText 10%, transparent)); box-sizing: border-box; contain: layout paint style; }
.board-lane-name { position: sticky; left: 0; z-index: 1; background: var(--surface, Canvas); padding: .3rem; font-size: .85rem; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.board-lane.is-away .board-lane-name { font-weight: 400; font-style: italic; color: var(--muted, GrayText); }
.board-lane.is-unqualified .board-cell { background: color-mix(in srgb, #d97706 12%, transparent); }
.board-lane-unqualified { display: block; font-weight: 400; font-size: .75rem; color: #b45309; white-space: normal; }
.board-cell { padding: 3px; border-left: 1px solid var(--border, color-mix(in srgb, CanvasText 8%, transparent)); display: flex; flex-direction: column; gap: 2px; min-width: 0; overflow: hidden; contain: layout paint; }
.board-cell.is-today, .board-day-head.is-today { background: color-mix(in srgb, Highlight 10%, transparent); }
.board-cell.is-weekend, .board-day-head.is-weekend { background: color-mix(in srgb, CanvasText 4%, transparent); }
.board-card { user-select: none; box-sizing: border-box; display: flex; flex-direction: column; padding: 1px 4px; border-radius: 4px; font-size: .78rem; line-height: 1.2; cursor: grab; overflow: hidden; border: 1px solid color-mix(in srgb, CanvasText 20%, transparent); background: color-mix(in srgb, Canvas 90%, CanvasText 5%); }
.board-week .board-card { height: 38px; }
.board-month .board-card { height: 18px; font-size: .68rem; padding: 1px 2px; }
.board-month .board-lane .board-card { display: block; white-space: nowrap; font-variant-numeric: tabular-nums; }
.board-month .board-lane .board-card.is-in-charge::after { content: " ★"; }
.board-month .board-lane .board-card.is-clash::after { content: " ⚠"; color: var(--danger, #cf222e); }
.board-card-line { display: flex; gap: .25rem; white-space: nowrap; overflow: hidden; }
.board-card-code { font-variant-numeric: tabular-nums; }
.board-week .board-lane .board-card-code { font-size: .74rem; }
/* A column that scrolls: cards keep their height (they would shrink and overlap). */
.board-backlog .board-card { flex: none; height: auto; min-height: 24px; }
.board-card-time { font-variant-numeric: tabular-nums; font-weight: 600; }
.board-card-text { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; opacity: .85; }
.board-card.state-scheduled { border-left: 4px solid #1f6feb; }
.board-card.state-running, .board-card.state-paused { border-left: 4px solid #bf8700; }
/* Done work is faded by its colours, not by opacity (a layer of its own for each of hundreds of cards). */
.board-card.state-closed { border-left: 4px solid #2da44e; color: color-mix(in srgb, CanvasText 75%, Canvas); }
.board-card.state-closed-with-anomalies { border-left: 4px solid #cf222e; color: color-mix(in srgb, CanvasText 80%, Canvas); }
.board-card.state-open, .board-card.state-postponed { border-left: 4px dashed #8250df; }
.board-card.is-clash { outline: 2px solid var(--danger, #cf222e); outline-offset: -2px; }
.board-card-clash { color: var(--danger, #cf222e); }
.board-card.is-active { box-shadow: 0 0 0 2px var(--focus, Highlight); }
.board-card.is-moving { box-shadow: 0 0 0 3px var(--focus, Highlight); background: color-mix(in srgb, Highlight 20%, Canvas); cursor: grabbing; }
.board-card.is-pending { opacity: .6; }
.board-empty, .board-denied { opacity: .85; padding: .4rem; }
.board-denied { font-size: 1.05rem; max-width: 48rem; }
`;

export function injectBoardStyles(): void {
  injectStyles('planning-board', css);
}
