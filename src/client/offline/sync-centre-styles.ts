/** The sync centre's and the header indicator's styles (injected when their code loads). */
export const syncCentreStyles = `
.sync-centre { max-width: 72rem; overflow-wrap: anywhere; }
.sync-centre h2 { font-size: 1.1rem; margin: 1.25rem 0 .5rem; }
.sync-centre h3 { font-size: 1rem; margin: 0 0 .5rem; }
.sync-centre h4 { font-size: .95rem; margin: .5rem 0 .25rem; }
.sync-centre-facts { display: flex; flex-wrap: wrap; gap: .5rem 2rem; margin: 0 0 .5rem; }
.sync-centre-facts dt { font-weight: 600; }
.sync-centre-facts dd { margin: 0; }
.sync-centre-counts { display: grid; grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr)); gap: .5rem; margin: 0; }
.sync-centre-counts > div { border: 1px solid var(--border); border-radius: 6px; padding: .5rem .75rem; background: var(--surface); }
.sync-centre-counts dt { color: var(--muted); }
.sync-centre-counts dd { margin: 0; font-size: 1.6rem; font-weight: 600; }
.sync-centre-expired { color: var(--danger); font-weight: 600; }
.sync-centre-result:empty { display: none; }
.sync-connection { display: inline-flex; align-items: center; gap: .4rem; font-weight: 600; }
.sync-dot { display: inline-block; width: .7rem; height: .7rem; border-radius: 50%; flex: none; background: var(--success); }
.is-offline .sync-dot { background: var(--danger); }
.sync-table { width: 100%; border-collapse: collapse; }
.sync-table th, .sync-table td { text-align: left; vertical-align: top; padding: .35rem .5rem; border-bottom: 1px solid var(--border); }
.sync-table thead th { font-weight: 600; color: var(--muted); }
.sync-table tbody th { font-weight: 600; }
.sync-cards { list-style: none; margin: 0; padding: 0; display: grid; gap: .75rem; }
.sync-card { border: 1px solid var(--border); border-radius: 6px; padding: .75rem; background: var(--surface); }
.sync-card-actions { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: .5rem; }
.sync-indicator { display: inline-flex; align-items: center; gap: .35rem; padding: .15rem .5rem; background: transparent; border: 1px solid var(--border); border-radius: 999px; }
/* A phone: each table row becomes a card of label: value lines, nothing scrolls sideways. */
@media (max-width: 40rem) {
  .sync-table thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .sync-table tr { display: block; border-bottom: 1px solid var(--border); padding: .35rem 0; }
  .sync-table th, .sync-table td { display: block; border: 0; padding: .15rem 0; }
  .sync-table [data-label]::before { content: attr(data-label) ": "; font-weight: 600; color: var(--muted); }
}
/* Touch: targets of at least 44 px. */
@media (pointer: coarse) {
  .sync-centre button, .sync-indicator { min-height: 44px; min-width: 44px; }
}
`;
