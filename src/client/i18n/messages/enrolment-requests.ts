/** Texts of enrolment requests (issue 26 §6): a customer's ask to enrol an employee in a course edition, and the office's decision. */
export default {
  'form.field.courseEditionId': 'Edizione richiesta',
  'form.field.enrolledEditionId': 'Edizione assegnata',
  'form.enum.requested': 'Iscrizione richiesta',
} as Record<string, string>;
