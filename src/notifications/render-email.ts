import Handlebars from 'handlebars';

/** An email template's sources (spec 2.13 emailTemplate). */
export interface EmailTemplateSources {
  subjectTemplate: string;
  bodyTemplate: string;
}

/**
 * Renders a template with `context` (the run variables plus subject, message and workflowName).
 * The body is HTML, so every value is escaped; the subject is a plain-text header, rendered
 * unescaped and kept to one line.
 */
export function renderEmailTemplate(
  template: EmailTemplateSources,
  context: Record<string, unknown>,
): { subject: string; html: string } {
  const subject = Handlebars.compile(template.subjectTemplate, { noEscape: true })(context);
  return {
    subject: subject.replace(/\s+/g, ' ').trim(),
    html: Handlebars.compile(template.bodyTemplate)(context),
  };
}
