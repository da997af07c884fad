/** A screen's own styles, added to the page once when its code loads (the initial CSS stays small). */
export function injectStyles(name: string, css: string): void {
  if (typeof document === 'undefined' || document.head.querySelector(`style[data-styles="${name}"]`)) return;
  const style = document.createElement('style');
  style.dataset.styles = name;
  style.textContent = css;
  document.head.append(style);
}
