/** The unsaved-changes marker of a tab (a dot, and its words for screen readers): on the tab strip and in the tab list. */
import { FormattedMessage, useIntl } from 'react-intl';

export function DirtyMarker() {
  const intl = useIntl();
  return (
    <span className="tab-dirty" title={intl.formatMessage({ id: 'workspace.tabs.dirty' })}>
      <span aria-hidden="true">●</span>
      <span className="sr-only">
        <FormattedMessage id="workspace.tabs.dirty" />
      </span>
    </span>
  );
}
