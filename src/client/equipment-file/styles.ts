/** Styles of the equipment's file, injected once when it loads. */
import { injectStyles } from '../shell/inject-styles.ts';
const css = `
.equipment-file { display: grid; gap: 1rem; margin-top: 1rem; }
.equipment-file-table { border-collapse: collapse; width: 100%; font-size: .9rem; }
.equipment-file-table th, .equipment-file-table td { text-align: start; padding: .3rem .5rem; border-bottom: 1px solid color-mix(in srgb, CanvasText 12%, transparent); vertical-align: top; }
.equipment-file-table .nowrap { white-space: nowrap; }
.equipment-file-photos { display: flex; flex-wrap: wrap; gap: .3rem; }
.equipment-timeline { list-style: none; margin: 0; padding: 0 0 0 1rem; border-inline-start: 2px solid color-mix(in srgb, CanvasText 20%, transparent); }
.equipment-timeline-item { position: relative; display: flex; flex-wrap: wrap; gap: .2rem .75rem; align-items: baseline; padding: .25rem 0; }
.equipment-timeline-item::before { content: ""; position: absolute; inset-inline-start: calc(-1rem - 6px); top: .6rem; width: 10px; height: 10px; border-radius: 50%; background: Canvas; border: 2px solid currentColor; }
.equipment-timeline-item.is-done::before { background: currentColor; }
.equipment-timeline-item time { font-variant-numeric: tabular-nums; white-space: nowrap; min-width: 6.5rem; }
.equipment-timeline-label { font-weight: 500; }
.equipment-timeline-norm, .equipment-timeline-status { font-size: .85rem; }
.equipment-timeline-item.is-overdue .equipment-timeline-status, .equipment-status.is-overdue { color: var(--danger, #b00020); font-weight: 600; }
.equipment-timeline-item.is-due .equipment-timeline-status, .equipment-status.is-due { color: var(--warning-text, #7a4b00); font-weight: 600; }
`;

export function injectEquipmentFileStyles(): void {
  injectStyles('equipment-file', css);
}
