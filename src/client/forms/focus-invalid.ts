/**
 * After a refused save the keyboard user lands on the first field to correct. The invalid mark may sit
 * on a group (a fieldset of checkboxes), which takes no focus: its first control does. Called from the
 * record controller's `onInvalid`, before React has shown the errors: it waits one task for them.
 */
const FOCUSABLE = 'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function firstInvalidControl(container: ParentNode): HTMLElement | null {
  const invalid = container.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return null;
  return invalid.matches(FOCUSABLE) ? invalid : invalid.querySelector<HTMLElement>(FOCUSABLE);
}

export function focusFirstInvalid(container: () => ParentNode | null | undefined): void {
  setTimeout(() => {
    const root = container();
    if (root) firstInvalidControl(root)?.focus();
  }, 0);
}
