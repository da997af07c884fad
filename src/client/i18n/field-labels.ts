/**
 * The Italian names of entity fields and enum values (`messages/screens-labels.ts`, the largest
 * catalogue), added to the client's messages when the first module that names fields loads
 * (`forms/format.ts` imports this), rather than with the initial JS.
 */
import labels from './messages/screens-labels.ts';
import { addMessages } from './index.ts';

addMessages(labels);
