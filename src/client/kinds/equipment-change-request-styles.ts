/**
 * The equipment change requests' own styles (equipment-change-request-forms.tsx), added when their code
 * loads. On a phone (360 px) nothing scrolls sideways: the form's fields take the width they are given,
 * the date inputs' «Apri il calendario» buttons are 44 px touch targets on a coarse pointer, and the
 * values table becomes one block per field with each value under its column's name.
 */
import { injectStyles } from '../shell/inject-styles.ts';

export const changeRequestStyles = `
.change-request-new, .change-request-values { min-width: 0; max-width: 100%; }
.change-request-new .form-fields { min-width: 0; max-width: 100%; }
.change-request-new .form-fields > *, .change-request-new fieldset { min-width: 0; max-width: 100%; box-sizing: border-box; }
.change-request-new input, .change-request-new select, .change-request-new textarea { max-width: 100%; box-sizing: border-box; }
.change-request-values table { border-collapse: collapse; max-width: 100%; }
.change-request-values th, .change-request-values td { text-align: left; padding: .25rem .5rem; vertical-align: top; overflow-wrap: anywhere; }
.change-request-values tr.is-proposed { background: color-mix(in srgb, Highlight 10%, transparent); }
.change-request-facts { display: flex; flex-wrap: wrap; gap: .25rem 1rem; margin: .5rem 0 0; }
.change-request-facts > div { display: flex; flex-wrap: wrap; gap: .25rem .5rem; }
.change-request-facts dt { font-weight: 600; }
.change-request-facts dd { margin: 0; }
@media (pointer: coarse) {
  .change-request-new .date-input-calendar { min-width: 44px; min-height: 44px; margin-left: -44px; }
}
@media (max-width: 40rem) {
  .change-request-values table, .change-request-values tbody, .change-request-values tr, .change-request-values th, .change-request-values td { display: block; width: auto; }
  .change-request-values thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  .change-request-values tbody tr { border: 1px solid color-mix(in srgb, CanvasText 15%, transparent); border-radius: 6px; margin: 0 0 .5rem; padding: .25rem 0; }
  .change-request-values tbody th { font-weight: 600; }
  .change-request-values td[data-label]::before { content: attr(data-label) ": "; font-weight: 600; }
}
`;

export function injectChangeRequestStyles(): void {
  injectStyles('equipment-change-requests', changeRequestStyles);
}
