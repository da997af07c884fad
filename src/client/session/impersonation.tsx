/**
 * Impersonation for Admins (SPEC §4, §6): pick a user, start, stop — each reloads the page, so every
 * cache and ability is rebuilt for the effective identity — and a banner while it lasts. Keyboard:
 * type to search, ↑/↓ to choose, Enter to start, Esc to clear.
 */
import { useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { records } from '../data/records.ts';
import { flashAlert } from '../alerts/flash.ts';
import { isAdmin } from '../../domain/rules/admin-role.ts';
import { useSession } from './session.tsx';
import { useDebounced } from '../use-debounced.ts';

interface UserRow {
  id: string;
  attributes: { displayName: string; email: string; userType: string };
}

const SEARCH_DELAY_MS = 250;

// Self-contained look on the shell's theme variables (public/app.css), with fallbacks.
const PANEL_STYLE: CSSProperties = {
  position: 'absolute',
  insetInlineEnd: 0,
  top: 'calc(100% + 0.3rem)',
  zIndex: 50,
  width: '24rem',
  padding: '0.6rem',
  background: 'var(--surface, #fff)',
  color: 'var(--text, #1b1f24)',
  border: '1px solid var(--border, #d3d9e0)',
  borderRadius: '8px',
  boxShadow: 'var(--shadow, 0 8px 28px rgb(0 0 0 / 18%))',
};
const LIST_STYLE: CSSProperties = { listStyle: 'none', margin: '0.4rem 0 0', padding: 0, maxHeight: '18rem', overflowY: 'auto' };
const ITEM_STYLE: CSSProperties = { padding: '0.35rem 0.5rem', borderRadius: '6px' };
const BANNER_STYLE: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '0.75rem',
  padding: '0.4rem 0.75rem',
  background: 'var(--accent-soft, #dce8f5)',
  borderBottom: '1px solid var(--border, #d3d9e0)',
  fontWeight: 600,
};

/**
 * For Admins: a header button that opens a small search panel (type, ↑/↓, Enter starts, Esc closes
 * and gives focus back); while impersonating, the stop button instead. Renders nothing for others.
 */
export function ImpersonationControl() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (!isAdmin(session.realIdentity)) return null;
  if (session.isImpersonating) return <StopImpersonationButton />;
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  return (
    <div className="impersonation-control" style={{ position: 'relative', display: 'inline-block' }}>
      <button ref={opener} type="button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        <FormattedMessage id="impersonation.open" />
      </button>
      {open ? <ImpersonationSearch onClose={close} /> : null}
    </div>
  );
}

function ImpersonationSearch({ onClose }: { onClose: () => void }) {
  const session = useSession();
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const term = useDebounced(text.trim(), SEARCH_DELAY_MS);

  const users = useQuery({
    queryKey: ['impersonation', 'users', term],
    enabled: term.length > 0,
    queryFn: ({ signal }) =>
      records.list('users', { 'filter[fullText]': term, 'filter[isEnabled]': true, 'page[size]': 10, sort: 'displayName' }, signal),
    select: (answer) => (answer.data as unknown as UserRow[]).filter((user) => user.id !== session.realIdentity.id),
  });

  const options = users.data ?? [];
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const start = (user: UserRow | undefined) => {
    if (!user) return;
    flashAlert({ id: 'impersonation', type: 'info', content: intl.formatMessage({ id: 'impersonation.started' }, { name: user.attributes.displayName }) });
    session.startImpersonation(user.id);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') setActive((index) => Math.min(index + 1, Math.max(options.length - 1, 0)));
    else if (event.key === 'ArrowUp') setActive((index) => Math.max(index - 1, 0));
    else if (event.key === 'Enter') start(options[active]);
    else if (event.key === 'Escape') onClose();
    else return;
    event.preventDefault();
    // Keys handled here are not workspace shortcuts.
    event.stopPropagation();
  };
  const expanded = term.length > 0;

  return (
    <div
      className="impersonation-panel"
      role="dialog"
      aria-label={intl.formatMessage({ id: 'impersonation.title' })}
      style={PANEL_STYLE}
    >
      <label htmlFor={`${id}-input`} style={{ display: 'block', fontWeight: 600, marginBottom: '0.3rem' }}>
        <FormattedMessage id="impersonation.search.label" />
      </label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        autoFocus
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && options[active] ? optionId(active) : undefined}
        placeholder={intl.formatMessage({ id: 'impersonation.search.placeholder' })}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        style={{ width: '100%' }}
      />
      <ul id={listId} role="listbox" aria-label={intl.formatMessage({ id: 'impersonation.title' })} hidden={!expanded} style={LIST_STYLE}>
        {!expanded ? null : users.isFetching && options.length === 0 ? (
          <li role="presentation" aria-live="polite" style={ITEM_STYLE}>
            <FormattedMessage id="impersonation.search.loading" />
          </li>
        ) : users.isError ? (
          <li role="presentation" style={ITEM_STYLE}>
            <FormattedMessage id="impersonation.search.error" />
          </li>
        ) : options.length === 0 ? (
          <li role="presentation" style={ITEM_STYLE}>
            <FormattedMessage id="impersonation.search.empty" />
          </li>
        ) : (
          options.map((user, index) => (
            <li
              key={user.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              style={{ ...ITEM_STYLE, cursor: 'pointer', ...(index === active ? { background: 'var(--accent-soft, #dce8f5)' } : {}) }}
              onMouseEnter={() => setActive(index)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => start(user)}
            >
              <FormattedMessage id="impersonation.user.option" values={{ name: user.attributes.displayName, email: user.attributes.email }} />
            </li>
          ))
        )}
      </ul>
    </div>
  );
}

function StopImpersonationButton() {
  const session = useSession();
  const intl = useIntl();
  const stop = () => {
    flashAlert({ id: 'impersonation', type: 'info', content: intl.formatMessage({ id: 'impersonation.stopped' }, { name: session.realIdentity.displayName }) });
    session.stopImpersonation();
  };
  return (
    <button type="button" className="impersonation-stop" onClick={stop}>
      <FormattedMessage id="impersonation.stop" />
    </button>
  );
}

/** Visible while impersonating: who the user is acting as, who they really are, and a stop button. */
export function ImpersonationBanner() {
  const session = useSession();
  if (!session.isImpersonating) return null;
  return (
    <div className="impersonation-banner" role="status" style={BANNER_STYLE}>
      <span>
        <FormattedMessage
          id="impersonation.banner"
          values={{ name: session.identity.displayName, email: session.identity.email, realName: session.realIdentity.displayName }}
        />
      </span>
      <StopImpersonationButton />
    </div>
  );
}
