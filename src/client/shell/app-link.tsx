/**
 * A real link (`<a href>`) to an app URL: a plain click opens (or focuses) its tab, Ctrl/⌘/Shift
 * or middle click does what the browser does (a new browser tab on the same deep link).
 */
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { openTab } from '../workspace/tab-context.ts';

export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
}

export function AppLink({ href, children, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        openTab(href);
      }}
    >
      {children}
    </a>
  );
}
