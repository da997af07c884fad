/**
 * The private calendar feed (issue 26 §8): turn it on, get its address once (only its hash is kept),
 * make a new one (the old one stops working) or turn it off. On the customer portal's home and in
 * the staff's settings.
 */
import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { api } from '../api/client.ts';
import { ApiProblem } from '../api/http.ts';
import { problemText } from '../api/problem-alert.ts';
import { pushAlert } from '../alerts/alerts.ts';
import { formatValue } from '../forms/format.ts';
import { addMessages } from '../i18n/index.ts';
import messages from '../i18n/messages/calendar.ts';
import { useSession } from '../session/session.tsx';
import { userSettingsChangedOnServer } from './user-settings.ts';

addMessages(messages);

interface FeedState {
  active: boolean;
  createdDateTime: string | null;
  url?: string;
}

const FEED_KEY = ['calendarFeed'] as const;

export function CalendarFeed() {
  const intl = useIntl();
  const { identity } = useSession();
  const client = useQueryClient();
  const titleId = useId();
  const addressId = useId();
  const [address, setAddress] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const state = useQuery({ queryKey: FEED_KEY, queryFn: () => api.get<{ data: FeedState }>('/calendar/feed', { silent: true }).then((answer) => answer.data) });

  const run = async (work: () => Promise<string | undefined>, done: string) => {
    setBusy(true);
    try {
      setAddress(await work());
      await userSettingsChangedOnServer();
      pushAlert({ type: 'success', content: intl.formatMessage({ id: done }) });
      await client.invalidateQueries({ queryKey: FEED_KEY });
    } catch (error) {
      pushAlert({ type: 'danger', content: intl.formatMessage({ id: 'calendarFeed.failed' }, { reason: error instanceof ApiProblem ? problemText(error) : String(error) }) });
    } finally {
      setBusy(false);
    }
  };
  const create = () => run(async () => (await api.post<{ data: FeedState }>('/calendar/feed', {}, { silent: true })).data.url, 'calendarFeed.created');
  const disable = () => run(async () => {
    await api.delete('/calendar/feed', { silent: true });
    return undefined;
  }, 'calendarFeed.disabled');
  const copy = async () => {
    if (!address) return;
    await navigator.clipboard?.writeText(address).catch(() => undefined);
    pushAlert({ type: 'info', content: intl.formatMessage({ id: 'calendarFeed.copied' }) });
  };

  const feed = state.data;
  return (
    <section className="calendar-feed" aria-labelledby={titleId}>
      <h2 id={titleId}><FormattedMessage id="calendarFeed.title" /></h2>
      <p className="form-hint"><FormattedMessage id={identity.userType === 'customer' ? 'calendarFeed.hintCustomer' : 'calendarFeed.hintStaff'} /></p>
      {!feed ? (
        <p role="status"><FormattedMessage id="calendarFeed.loading" /></p>
      ) : (
        <>
          {!address && (
            <p>{feed.active ? <FormattedMessage id="calendarFeed.on" values={{ date: formatValue(feed.createdDateTime, 'datetime') }} /> : <FormattedMessage id="calendarFeed.off" />}</p>
          )}
          {address && (
            <div className="form-field">
              <label htmlFor={addressId}><FormattedMessage id="calendarFeed.address" /></label>
              <input id={addressId} readOnly value={address} aria-describedby={`${addressId}-hint`} onFocus={(event) => event.currentTarget.select()} />
              <p id={`${addressId}-hint`} className="form-hint"><FormattedMessage id="calendarFeed.addressHint" /></p>
              <button type="button" onClick={() => void copy()}><FormattedMessage id="calendarFeed.copy" /></button>
            </div>
          )}
          <div className="calendar-feed-actions">
            <button type="button" disabled={busy} onClick={() => void create()}>
              <FormattedMessage id={feed.active ? 'calendarFeed.renew' : 'calendarFeed.create'} />
            </button>
            {feed.active && (
              <button type="button" disabled={busy} onClick={() => void disable()}>
                <FormattedMessage id="calendarFeed.disable" />
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
