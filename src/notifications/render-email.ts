import Handlebars from 'handlebars';

/** An email template's sources (spec 2.13 emailTemplate). */
export interface EmailTemplateSources {
  subjectTemplate: string;
  bodyTemplate: string;
}

/** What a notification step hands its email template, besides the run variables. */
export interface EmailTemplateInputs {
  variables?: Record<string, unknown>;
  subject?: string;
  message: string;
  workflowName: string;
}

/**
 * The names a template sees: the run variables, then the step's subject, message and workflow
 * name, which win over variables of the same names.
 */
export function emailTemplateContext(inputs: EmailTemplateInputs): Record<string, unknown> {
  return {
    ...inputs.variables,
    subject: inputs.subject ?? '',
    message: inputs.message,
    workflowName: inputs.workflowName,
  };
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
