/** The alert stack at the bottom middle (SPEC §2, §9): from `alertsAtom`, dismissable. */
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { alertsAtom, dismissAlert } from '../alerts/alerts.ts';

export function AlertStack() {
  const alerts = useAtomValue(alertsAtom);
  const intl = useIntl();
  return (
    <div className="alert-stack" aria-label={intl.formatMessage({ id: 'workspace.alerts.label' })} role="region">
      {alerts.map((alert) => (
        <div key={alert.id} className={`alert alert-${alert.type}`} role={alert.type === 'danger' ? 'alert' : 'status'}>
          <div className="alert-text">
            {alert.title && <strong className="alert-title">{alert.title}</strong>}
            <span className="alert-content">{alert.content}</span>
          </div>
          <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: 'workspace.alerts.dismiss' })} onClick={() => dismissAlert(alert.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
