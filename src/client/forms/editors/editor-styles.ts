/**
 * Styles of the form editors (item lists, key/value maps, additional fields, role rules), injected
 * once when the forms chunk loads, next to the screens' own (screens/screen-styles.ts).
 */
const css = `
.form-item-list ol > li.form-list-item { border: 0; }
.form-list-item > fieldset { border: 1px solid var(--border, color-mix(in srgb, CanvasText 15%, transparent)); border-radius: 6px; margin: 0 0 .5rem; }
/* An item's Su / Giù / Rimuovi stand beside its first row of fields, not on a row of their own: a list of referents stays short. */
.form-list-item > fieldset { display: grid; grid-template-columns: minmax(0, 1fr) auto; column-gap: .75rem; align-items: start; }
.form-list-item > fieldset > * { grid-column: 1; }
.form-list-item > fieldset > .form-list-item-actions { grid-column: 2; grid-row: 1; display: flex; gap: .4rem; margin-top: 1.1rem; }
.form-list-scroll { border: 1px solid var(--border, color-mix(in srgb, CanvasText 10%, transparent)); border-radius: 6px; padding: .3rem; }
.form-map, .form-additional, .form-rules, .form-conditions { grid-column: 1 / -1; border: 1px solid var(--border, color-mix(in srgb, CanvasText 15%, transparent)); border-radius: 6px; }
.form-map-rows { list-style: none; padding: 0; margin: 0; display: flex; flex-direction: column; gap: .3rem; }
.form-map-row { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
.form-map-row input[type="text"] { min-width: 10rem; padding: .3rem .4rem; font: inherit; }
/* A characteristic the product names reads as a label where an editable key would stand (as wide, so values line up). */
.form-map-key-label { min-width: 10rem; padding: .3rem .4rem; font-weight: 600; }
.form-map-empty, .form-hint { font-size: .8rem; opacity: .8; margin: .2rem 0; }
.form-rule { display: grid; grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr)); gap: .6rem 1rem; }
.form-rule > .form-choices, .form-rule > .form-conditions { grid-column: 1 / -1; }
.form-rule > .form-choices, .form-additional .form-choices { flex-direction: row; }
.form-add-text { display: inline-flex; gap: .3rem; align-items: center; flex-wrap: wrap; }
.date-input { position: relative; display: flex; align-items: stretch; min-width: 0; }
.date-input > input[type="text"] { flex: 1 1 auto; min-width: 0; }
.date-input-calendar { flex: none; margin-left: -2rem; width: 2rem; border: 0; background: transparent; color: inherit; cursor: pointer; opacity: .7; }
.date-input-native { position: absolute; right: 0; bottom: 0; width: 1px; height: 1px; opacity: 0; pointer-events: none; border: 0; padding: 0; }
`;

let injected = false;

/** Adds the editors' stylesheet to the document once (no-op outside a browser). */
export function injectEditorStyles(): void {
  if (injected || typeof document === 'undefined') return;
  injected = true;
  const style = document.createElement('style');
  style.dataset.styles = 'form-editors';
  style.textContent = css;
  document.head.append(style);
}
