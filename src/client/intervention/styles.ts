/** Styles of the intervention screen, injected once when it loads. */
import { injectStyles } from '../shell/inject-styles.ts';
const css = `
.intervention-operators { border: 1px solid color-mix(in srgb, CanvasText 15%, transparent); border-radius: 6px; margin-top: .75rem; }
.intervention-in-charge { display: inline-flex; gap: .4rem; align-items: center; margin-top: .4rem; }
.intervention-activity { margin-block: 1rem; }
.intervention-activity > h3 { margin-bottom: .2rem; }
.intervention-subject { margin: 0 0 .4rem; opacity: .85; }
@media (pointer: coarse) { .intervention-subject a { display: inline-flex; align-items: center; min-height: 44px; } }
.intervention-controls { list-style: none; padding: 0; margin: 0; display: flex; flex-direction: column; gap: .3rem; }
.intervention-control { border: 1px solid color-mix(in srgb, CanvasText 12%, transparent); border-radius: 6px; padding: .4rem .6rem; }
.intervention-control:focus { outline: 2px solid Highlight; outline-offset: 1px; }
.intervention-control.is-current { border-color: Highlight; }
.intervention-control-head { display: flex; flex-wrap: wrap; gap: .5rem; align-items: baseline; }
.intervention-outcome { font-weight: 600; padding: 0 .4rem; border-radius: 4px; }
.intervention-outcome[data-outcome="passed"] { background: color-mix(in srgb, green 20%, transparent); }
.intervention-outcome[data-outcome="failed"] { background: color-mix(in srgb, red 22%, transparent); }
.intervention-control-body { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin-top: .35rem; }
.intervention-anomaly-form { display: flex; flex-wrap: wrap; gap: .5rem; align-items: flex-end; margin-top: .4rem; padding: .4rem; border-left: 3px solid color-mix(in srgb, red 50%, transparent); }
.intervention-anomaly-form textarea { min-width: 20rem; }
.intervention-anomaly { margin: .25rem 0 0; }
.intervention-anomaly[data-risk="high"] { font-weight: 600; }
`;

export function injectInterventionStyles(): void {
  injectStyles('intervention', css);
}
