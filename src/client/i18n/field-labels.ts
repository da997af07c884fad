/**
 * The Italian names of entity fields and enum values (`messages/screens-labels.ts`, the largest
 * catalogue, and those of the mail outbox, `messages/mail.ts`), added to the client's messages when
 * the first module that names fields loads (`forms/format.ts` imports this), rather than with the initial JS.
 */
import labels from './messages/screens-labels.ts';
import mail from './messages/mail.ts';
import rectifications from './messages/rectifications.ts';
import enrolmentRequests from './messages/enrolment-requests.ts';
import equipmentChangeRequests from './messages/equipment-change-requests.ts';
import { addMessages } from './index.ts';

addMessages(labels);
addMessages(mail);
addMessages(rectifications);
addMessages(enrolmentRequests);
addMessages(equipmentChangeRequests);
