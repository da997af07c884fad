/** The Italian title of a route variant (`Attrezzature del cliente (Antincendio)`), as the sidebar and palette name it. */
import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { RouteDef } from '../../domain/routes.ts';

/** Only the enumerated parameters have labels (`nav.param.moduleName.fire`); ids are not part of a title. */
export function routeTitleOf(intl: Pick<IntlShape, 'formatMessage'>, route: RouteDef, params: Record<string, string>): string {
  const labels = Object.fromEntries(Object.keys(route.params ?? {}).filter((name) => params[name] !== undefined).map((name) => [name, intl.formatMessage({ id: `nav.param.${name}.${params[name]}` })]));
  return intl.formatMessage(route.title, labels);
}

export function aliasTitles(intl: Pick<IntlShape, 'formatMessage'>, route: RouteDef): string[] {
  return (route.aliases ?? []).map((alias: MessageDescriptor) => intl.formatMessage(alias));
}
