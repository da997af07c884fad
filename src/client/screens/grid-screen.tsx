/** Placeholder while the real screen is written (replaced in the next commits). */
import { FormattedMessage } from 'react-intl';

export default function GridScreen(_props: Record<string, unknown>) {
  return <p role="status"><FormattedMessage id="screens.loading" /></p>;
}
