/** The portal's look: site cards coloured by their worst state, with text that says it (never colour alone). */
import { injectStyles } from '../shell/inject-styles.ts';

injectStyles('portal', `
.portal-app { display: flex; flex-direction: column; height: 100%; }
.portal-header { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; padding: .5rem 1rem; background: var(--surface); border-bottom: 1px solid var(--border); }
.portal-brand { font-weight: 700; font-size: 1.05rem; }
.portal-customer { font-weight: 500; }
.portal-app > .portal-nav { background: var(--surface); padding: 0 1rem; }
.portal-app > .portal-nav ul { margin: 0; border-bottom: none; }
.portal-main { flex: 1; min-height: 0; display: flex; flex-direction: column; padding: 0 .5rem; }
.portal-main:focus { outline: none; }
.portal-app, .portal-main { max-width: 100vw; overflow-x: hidden; }
@media (max-width: 40rem) {
  .portal-header .user-name { display: none; }
  .portal-nav a { padding: .4rem .6rem; }
  .portal-deadlines thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .portal-deadlines tr { display: block; padding: .5rem 0; border-bottom: 1px solid var(--border); }
  .portal-deadlines td, .portal-deadlines th { display: block; border: none; padding: .1rem 0; }
  .portal-deadlines td::before, .portal-deadlines th::before { content: attr(data-label) ': '; font-weight: 600; color: var(--muted); }
  .portal-site { overflow-x: auto; }
}
.portal-nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: .25rem; margin: 0 0 .75rem; padding: 0; border-bottom: 1px solid var(--border); }
.portal-nav a { display: inline-block; padding: .4rem .9rem; text-decoration: none; border-bottom: 3px solid transparent; }
.portal-nav a[aria-current=page] { border-bottom-color: currentColor; font-weight: 600; }
.portal { display: flex; flex-direction: column; gap: .75rem; max-width: 80rem; }
/* The portal's forms (a new service request, an invitation, a colleague's sites and modules): one column with
   each label above its field, side-by-side fields in a row that wraps on a narrow screen, the buttons below. */
.portal-form { display: flex; flex-direction: column; gap: .75rem; max-width: 60rem; }
.portal-form h2 { margin: .5rem 0 0; }
.portal-form .portal-hint { margin: 0; color: var(--muted); }
.portal-field { display: flex; flex-direction: column; gap: .25rem; min-width: 0; }
.portal-field > label { font-weight: 500; }
.portal-field > :is(input, select, textarea, .date-input) { width: 100%; }
.portal-field > textarea { min-height: 6.5rem; resize: vertical; }
.portal-form-row { display: flex; flex-wrap: wrap; gap: .75rem 1rem; }
.portal-form-row > * { flex: 1 1 14rem; }
.portal-form-row > .portal-field-wide { flex-grow: 2; }
.portal-form fieldset { min-width: 0; margin: 0; padding: .5rem .75rem .75rem; display: flex; flex-direction: column; gap: .5rem; border: 1px solid var(--border); border-radius: 8px; background: var(--surface); }
.portal-form legend { padding: 0 .25rem; font-weight: 600; }
.portal-form .portal-choices-inline { flex-direction: row; flex-wrap: wrap; column-gap: 1.25rem; }
.portal-check { display: flex; align-items: flex-start; gap: .5rem; }
.portal-check input { margin: .2rem 0 0; flex: none; }
.portal-form-actions { display: flex; flex-wrap: wrap; gap: .5rem; }
.portal-form .form-error { margin: 0; font-size: .9rem; }
/* The invitation's outcome: no room while it has nothing to say (still in the page, so it is read out when it does). */
.portal-users-notice { margin: 0; }
.portal-users-notice:empty { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
@media (max-width: 40rem) {
  .portal-form-actions > button { flex: 1 1 auto; }
}
@media (pointer: coarse) {
  .portal-check { min-height: 44px; align-items: center; }
  .portal-check input { margin: 0; width: 1.25rem; height: 1.25rem; }
}
.portal-staff-note { margin: 0; padding: .5rem .75rem; border-left: 4px solid var(--accent, #0b57d0); background: var(--surface); }
.portal-sites { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 40rem), 1fr)); gap: 1rem; }
.portal-site { min-width: 0; overflow-x: auto; padding: .75rem 1rem; background: var(--surface); border: 1px solid var(--border); border-left-width: 6px; border-radius: 8px; }
.portal-site[data-state=expired] { border-left-color: #b42318; }
.portal-site[data-state=expiring] { border-left-color: #b54708; }
.portal-site[data-state=ok] { border-left-color: #067647; }
.portal-site h3 { margin: 0; font-size: 1.05rem; }
.portal-site-address { margin: .15rem 0 0; color: var(--muted); }
.portal-state { display: inline-block; margin: .5rem 0; padding: .1rem .5rem; border-radius: 999px; font-weight: 600; border: 1px solid currentColor; }
.portal-state[data-state=expired] { color: #b42318; }
.portal-state[data-state=expiring] { color: #93370d; }
.portal-state[data-state=ok] { color: #067647; }
.portal table { border-collapse: collapse; width: 100%; }
.portal-table-scroll { overflow-x: auto; max-width: 100%; }
.portal-register td, .portal-register th { vertical-align: top; }
.portal th, .portal td { padding: .25rem .5rem; border-bottom: 1px solid var(--border); text-align: left; }
.portal-counts thead th { white-space: nowrap; }
.portal-counts td { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.portal-counts td.is-expired { color: #b42318; font-weight: 600; }
.portal-counts td.is-within30 { color: #93370d; font-weight: 600; }
.portal-deadlines td.portal-date { white-space: nowrap; font-variant-numeric: tabular-nums; }
.portal-deadlines td[data-state=expired] { color: #b42318; font-weight: 600; }
.portal-deadlines td[data-state=expiring] { color: #93370d; }
.portal-amount { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.portal th.portal-amount, .portal td.portal-amount { text-align: right; }
.portal-quotation-list td.portal-date { white-space: nowrap; font-variant-numeric: tabular-nums; }
.portal-quotation-list td[data-state=issued] { font-weight: 600; }
.portal-quotation-facts { display: flex; flex-wrap: wrap; gap: .5rem 2rem; margin: 0; }
.portal-quotation-facts dt, .portal-quotation-totals dt { color: var(--muted); font-size: .9rem; }
.portal-quotation-facts dd, .portal-quotation-totals dd { margin: 0; font-weight: 500; }
.portal-quotation-state { display: inline-block; padding: .05rem .5rem; border-radius: 999px; border: 1px solid currentColor; font-weight: 600; }
.portal-quotation-state[data-state=issued] { color: #93370d; }
.portal-quotation-state[data-state=accepted] { color: #067647; }
.portal-quotation-state[data-state=not-accepted] { color: #b42318; }
.portal-quotation-actions { display: flex; gap: .5rem; align-items: center; }
.portal-quotation-table th[scope=row] { font-weight: normal; }
.portal-quotation-section th { padding-top: .75rem; font-weight: 700; background: var(--surface); }
.portal-quotation-note td { font-style: italic; color: var(--muted); }
.portal-quotation-optional { display: inline-block; margin-left: .25rem; padding: 0 .4rem; border-radius: 4px; border: 1px dashed currentColor; font-size: .85rem; }
.portal-quotation-table tr[data-optional] td { color: var(--muted); }
.portal-quotation-totals { display: flex; flex-direction: column; align-items: flex-end; gap: .25rem; margin: .75rem 0 0; }
.portal-quotation-totals > div { display: flex; gap: 1rem; justify-content: flex-end; font-variant-numeric: tabular-nums; }
.portal-quotation-totals [data-total=net] dd, .portal-quotation-totals [data-total=net] dt { font-weight: 700; color: inherit; font-size: 1rem; }
@media (max-width: 40rem) {
  .portal-quotation-list thead, .portal-quotation-table thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .portal-quotation-list tr, .portal-quotation-table tr { display: block; padding: .5rem 0; border-bottom: 1px solid var(--border); }
  .portal-quotation-list td, .portal-quotation-list th, .portal-quotation-table td, .portal-quotation-table th { display: block; border: none; padding: .1rem 0; text-align: left; }
  .portal-quotation-list [data-label]::before, .portal-quotation-table [data-label]::before { content: attr(data-label) ': '; font-weight: 600; color: var(--muted); }
}
`);
