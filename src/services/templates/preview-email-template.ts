import type { DatabaseClient } from '../../db/client.js';
import type { EmailTemplateSample } from '../../domain/email-template.js';
import { validationFailed } from '../../errors/index.js';
import {
  emailTemplateContext,
  renderEmailTemplate,
  type EmailTemplateSources,
} from '../../notifications/render-email.js';
import { emailTemplates } from './email-templates.js';

/**
 * What a notification step would send with these sources and sample inputs: the same context and
 * the same renderer as the step. A template that compiles can still fail on its inputs (a helper
 * or partial that does not exist): that is a 400 naming Handlebars' reason, as the step would
 * fail with `template_failed`.
 */
export function previewEmailSources(
  sources: EmailTemplateSources,
  sample: EmailTemplateSample,
): { subject: string; html: string } {
  try {
    return renderEmailTemplate(sources, emailTemplateContext(sample));
  } catch (error) {
    throw validationFailed(`The template does not render with these inputs: ${(error as Error).message}`);
  }
}

/** The preview of a saved email template. */
export async function previewEmailTemplate(db: DatabaseClient, id: string, sample: EmailTemplateSample) {
  return previewEmailSources(await emailTemplates.load(db, id), sample);
}
