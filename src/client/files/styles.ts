/** Styles of the attachments editor, injected once when it loads. */
import { injectStyles } from '../shell/inject-styles.ts';
const css = `
.files-panel { grid-column: 1 / -1; border: 1px solid var(--border, color-mix(in srgb, CanvasText 15%, transparent)); border-radius: 6px; }
.files-panel.is-dragging { outline: 2px dashed var(--accent, Highlight); outline-offset: 2px; }
.files-list { list-style: none; padding: 0; margin: 0 0 .4rem; display: flex; flex-direction: column; gap: .35rem; }
.files-row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.files-name { font-weight: 500; overflow-wrap: anywhere; }
.files-size, .files-empty { font-size: .8rem; opacity: .8; }
.files-icon { display: inline-grid; place-items: center; width: 2.5rem; height: 2.5rem; border-radius: 4px; font-size: .7rem; background: color-mix(in srgb, CanvasText 8%, transparent); }
.files-thumb { position: relative; display: inline-block; width: 3rem; max-height: 3rem; overflow: hidden; border-radius: 4px; }
.files-thumb > canvas, .files-thumb > img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
.files-thumb > img { opacity: 0; transition: opacity .2s; }
.files-thumb[data-loaded="true"] > img { opacity: 1; }
.files-error { color: var(--danger, #b00020); }
.files-drop { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
.files-queued-thumb { width: 3rem; height: 3rem; object-fit: cover; border-radius: 4px; }
.files-waiting { font-size: .85em; color: var(--text-muted, #555); }
@media (pointer: coarse) { .files-drop button, .files-item button { min-height: 44px; min-width: 44px; } }
.files-item progress { width: 10rem; }
.files-tree { margin-top: 1rem; }
.files-tree-actions, .files-tree-edit { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; margin-bottom: .5rem; }
.files-tree-list { list-style: none; padding: 0; margin: 0; }
.files-tree-list [role="treeitem"] { padding-block: .2rem; border-radius: 4px; cursor: default; }
.files-tree-list [role="treeitem"][aria-selected="true"] { background: color-mix(in srgb, Highlight 20%, transparent); }
`;

export function injectFileStyles(): void {
  injectStyles('files', css);
}
