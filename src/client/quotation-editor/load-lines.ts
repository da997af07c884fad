/** Every live line of a quotation, in position order, page after page (the editor and the compare view read them so). */
import type { Entity } from '../../domain/entity.ts';
import { records } from '../data/records.ts';

/** Page size of the lines' read (the API's maximum). */
const LINES_PAGE = 500;

export async function loadQuotationLines(quotationId: string, signal: AbortSignal): Promise<Entity[]> {
  const all: Entity[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await records.list('quotationProducts', { 'filter[quotationId]': quotationId, sort: 'position', 'page[size]': LINES_PAGE, 'page[number]': page }, signal);
    all.push(...answer.data);
    if (answer.data.length < LINES_PAGE) return all;
  }
}
