/**
 * Styles of the screens, grids and forms, injected once when the first screen loads (the screens
 * are a lazily loaded chunk; the shell's stylesheet stays theirs). System colours keep the dark
 * theme readable without knowing the shell's palette.
 */
const css = `
.screen { padding: 0 1rem 1rem; }
.screen { color: var(--text, inherit); }
.screen-title { font-size: 1.4rem; margin: .5rem 0; }
.data-grid-row a, .screen a { color: var(--accent, LinkText); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.data-grid { display: flex; flex-direction: column; gap: .5rem; }
.data-grid-toolbar-row { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; }
.data-grid-search { min-width: 18rem; padding: .3rem .5rem; }
.data-grid-count { margin-left: auto; opacity: .8; }
.data-grid-filters { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: .4rem .8rem; padding: .5rem; border: 1px solid var(--border, color-mix(in srgb, CanvasText 20%, transparent)); border-radius: 6px; }
.data-grid-filter { display: flex; flex-direction: column; gap: .15rem; font-size: .85rem; margin: 0; }
.data-grid-range { border: 0; padding: 0; flex-direction: row; flex-wrap: wrap; }
.data-grid-range legend { padding: 0; }
.data-grid-range label { display: flex; gap: .25rem; align-items: center; }
.data-grid-range input { width: 9rem; }
.data-grid-columns { display: flex; flex-wrap: wrap; gap: .3rem 1rem; font-size: .85rem; }
.data-grid-table { height: max(18rem, calc(100vh - 15rem)); border: 1px solid var(--border, color-mix(in srgb, CanvasText 20%, transparent)); border-radius: 6px; }
.data-grid-table:focus-within { border-color: var(--focus, Highlight); box-shadow: 0 0 0 1px var(--focus, Highlight); }
.screen-below .data-grid-table { height: 22rem; }
.data-grid-header { background: var(--surface, Canvas); border-bottom: 1px solid var(--border, color-mix(in srgb, CanvasText 25%, transparent)); font-weight: 600; }
.data-grid-headcell button { all: unset; cursor: pointer; font-weight: 600; }
.data-grid-headcell button:hover { text-decoration: underline; }
.data-grid-row { box-sizing: border-box; border-bottom: 1px solid var(--border, color-mix(in srgb, CanvasText 8%, transparent)); }
.data-grid-cell { padding: 0 .5rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; line-height: 34px; }
.data-grid-cell.cell-money, .data-grid-cell.cell-number { text-align: right; font-variant-numeric: tabular-nums; }
/* A deadline's tone (overdue, expiring) first: selection and the active row paint over it. */
.data-grid-row.is-overdue { box-shadow: inset 4px 0 0 #c62828; background: color-mix(in srgb, #c62828 10%, transparent); }
.data-grid-row.is-expiring { box-shadow: inset 4px 0 0 #ef8f00; }
.next-deadline.is-overdue { color: var(--danger, #c62828); font-weight: 600; }
.next-deadline.is-expiring { font-weight: 600; }
.data-grid-row.is-selected { background: color-mix(in srgb, Highlight 18%, transparent); }
.data-grid-row.is-active { box-shadow: inset 3px 0 0 var(--accent, Highlight); background: color-mix(in srgb, Highlight 10%, transparent); }
.data-grid-scroll:focus .data-grid-row.is-active { background: var(--accent-soft, color-mix(in srgb, Highlight 25%, transparent)); }
.data-grid-row.is-group-start { border-top: 2px solid color-mix(in srgb, CanvasText 35%, transparent); }
.data-grid-row.is-group-start .data-grid-cell:first-child { font-weight: 600; }
.data-grid-cell.is-repeat { color: transparent; }
.deadline-counts { display: flex; gap: .5rem; margin: 0 0 .5rem; }
.limit-warning { margin: 0 0 .5rem; padding: .25rem .75rem; border-left: 4px solid #8a5300; background: color-mix(in srgb, #f0a000 12%, Canvas); }
.limit-warning p { margin: .15rem 0; }
.deadline-count { display: flex; flex-direction: column; align-items: flex-start; padding: .25rem .75rem; border: 1px solid color-mix(in srgb, CanvasText 20%, transparent); border-radius: 6px; background: Canvas; color: CanvasText; }
.deadline-count[aria-pressed="true"] { outline: 2px solid var(--accent, Highlight); }
.deadline-count-value { font-size: 1.25rem; font-weight: 600; }
.deadline-count.is-expired .deadline-count-value { color: #b71c1c; }
.deadline-count.is-thisMonth .deadline-count-value { color: #8a5300; }
.data-grid-row.is-deleted { text-decoration: line-through; opacity: .7; }
.data-grid-actions { display: flex; gap: .5rem; padding: .25rem 0; }
.data-grid-loading { opacity: .5; }
.data-grid-empty { padding: 1rem; }
.entity-form { display: flex; flex-direction: column; gap: 1rem; max-width: 80rem; }
.entity-form-header { position: sticky; top: 0; z-index: 2; background: var(--surface, Canvas); padding: .5rem 0; border-bottom: 1px solid var(--border, color-mix(in srgb, CanvasText 15%, transparent)); display: flex; flex-direction: column; gap: .4rem; }
.entity-form-header h1 { font-size: 1.35rem; margin: 0; }
/* In a tab the header sticks at the very top of the tab's scrolling area, not 1rem below it: the panel's top padding
   (public/app.css .tab-panel, 1rem) would otherwise leave a strip above the header where the fields scrolled under it show. */
.tab-panel .entity-form-header { top: -1rem; }
.entity-form-header h1:focus-visible { outline: 2px solid var(--focus, Highlight); outline-offset: 2px; }
.entity-form-kind { font-size: .8rem; text-transform: uppercase; letter-spacing: .05em; opacity: .7; margin-right: .4rem; }
.entity-state { margin: 0; font-size: 1.05rem; }
.entity-state strong { display: inline-block; padding: .1rem .6rem; border-radius: 999px; background: var(--accent-soft, color-mix(in srgb, Highlight 22%, transparent)); }
.entity-form-banner { margin: 0; padding: .3rem .6rem; border-radius: 4px; background: color-mix(in srgb, orange 25%, transparent); }
.entity-form-actions, .transition-bar { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
.command-button { display: inline-flex; flex-wrap: wrap; gap: .1rem .4rem; align-items: center; }
.command-button[aria-disabled="true"] { opacity: .6; cursor: not-allowed; }
.command-reason { flex-basis: 100%; font-size: .75rem; max-width: 22rem; white-space: normal; text-align: left; }
kbd { font-size: .75em; padding: 0 .3em; border: 1px solid var(--border, color-mix(in srgb, CanvasText 30%, transparent)); border-radius: 3px; opacity: .8; }
.entity-summary { display: flex; flex-wrap: wrap; gap: .4rem 1.5rem; margin: 0; }
.entity-summary div { display: flex; flex-direction: column; }
.entity-summary dt { font-size: .75rem; opacity: .75; }
.entity-summary dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; }
.form-section h2 { font-size: 1.05rem; margin: .2rem 0 .5rem; }
.form-fields { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: .6rem 1rem; align-items: start; }
.form-field { display: flex; flex-direction: column; gap: .15rem; }
.form-details { margin-top: .5rem; }
.form-details > summary { cursor: pointer; font-size: .85rem; color: var(--muted, inherit); padding: .2rem 0; }
.form-details[open] > summary { margin-bottom: .4rem; }
.form-field label { font-size: .85rem; }
.form-field-boolean { flex-direction: row; align-items: center; gap: .4rem; }
.form-field input, .form-field select, .form-field textarea { padding: .3rem .4rem; font: inherit; }
.form-field.is-readonly input, .form-field.is-readonly textarea { background: color-mix(in srgb, CanvasText 6%, transparent); }
.form-field-textarea, .form-object, .form-list, .form-references, .form-choices { grid-column: 1 / -1; }
.form-object, .form-list, .form-list-item { border: 1px solid var(--border, color-mix(in srgb, CanvasText 15%, transparent)); border-radius: 6px; }
/* An object that is its group's whole content (the registry's «Sede legale»): the group's frame and legend name it. */
.form-object.form-object-in-group { border: none; padding: 0; margin: 0; }
.form-choices { display: flex; flex-wrap: wrap; gap: .3rem 1rem; border: 0; padding: 0; }
.form-error { color: var(--danger, #c62828); font-size: .8rem; }
[aria-invalid="true"] { border-color: var(--danger, #c62828); outline-color: var(--danger, #c62828); }
.form-counter { font-size: .75rem; opacity: .75; align-self: flex-end; }
.form-textarea { display: flex; flex-direction: column; gap: .25rem; }
.form-textarea textarea { width: 100%; }
.form-suggestions { list-style: none; margin: 0; padding: .25rem; border: 1px solid color-mix(in srgb, CanvasText 20%, transparent); border-radius: 4px; display: flex; flex-direction: column; gap: .15rem; }
.form-suggestions li { display: flex; gap: .25rem; align-items: center; }
.form-suggestion { flex: 1; text-align: start; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.form-chips { display: flex; flex-wrap: wrap; gap: .3rem; list-style: none; padding: 0; margin: 0; }
.form-chips li { padding: .1rem .5rem; border-radius: 999px; background: color-mix(in srgb, CanvasText 10%, transparent); }
.form-chips button { all: unset; cursor: pointer; margin-left: .3rem; }
.form-json { font-size: .75rem; max-height: 10rem; overflow: auto; margin: 0; }
.reference-picker { position: relative; display: flex; flex-direction: column; gap: .15rem; }
.reference-picker-list { position: absolute; top: 100%; left: 0; right: 0; z-index: 5; max-height: 16rem; overflow: auto; margin: 0; padding: 0; list-style: none; background: var(--surface, Canvas); border: 1px solid var(--border, color-mix(in srgb, CanvasText 25%, transparent)); }
.reference-picker-list li { padding: .25rem .5rem; cursor: pointer; }
.reference-picker-list li[aria-selected="true"] { background: color-mix(in srgb, Highlight 25%, transparent); }
.conflict table { border-collapse: collapse; width: 100%; }
.conflict th, .conflict td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid var(--border, color-mix(in srgb, CanvasText 12%, transparent)); }
.conflict tr.is-collision { background: color-mix(in srgb, orange 20%, transparent); }
.dialog-actions { display: flex; gap: .5rem; justify-content: flex-end; margin-top: .8rem; }
.dashboard-cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); gap: .8rem; }
.dashboard-card { border: 1px solid var(--border, color-mix(in srgb, CanvasText 15%, transparent)); border-radius: 8px; padding: .8rem; }
.dashboard-card .figure { font-size: 1.8rem; font-weight: 700; font-variant-numeric: tabular-nums; }
.dashboard-card .figure-note { font-size: .8rem; opacity: .8; }
.dashboard-section { margin: 0 0 1.2rem; }
.dashboard-section > h2 { font-size: 1.05rem; margin: .4rem 0 .6rem; }
.dashboard-card { display: block; color: inherit; text-decoration: none; }
.dashboard-card:focus-visible { outline: 3px solid Highlight; outline-offset: 2px; }
.record-links ul { display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; padding: 0; list-style: none; }
.wizard-steps { display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; padding: 0; margin: 0; list-style: none; }
.wizard-steps li[aria-current="step"] { font-weight: 700; text-decoration: underline; }
.wizard-lines { border-collapse: collapse; margin: .5rem 0; }
.wizard-lines th, .wizard-lines td { padding: .2rem .5rem; text-align: left; }
.wizard-lines input { width: 6rem; }
.calendar-day { margin: .6rem 0; }
.calendar-day h2 { font-size: 1rem; margin: 0 0 .3rem; }
`;

let injected = false;
export function injectScreenStyles(): void {
  if (injected || typeof document === 'undefined') return;
  injected = true;
  const style = document.createElement('style');
  style.dataset.owner = 'screens';
  style.textContent = css;
  document.head.append(style);
}
