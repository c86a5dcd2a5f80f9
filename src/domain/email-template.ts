import Handlebars from 'handlebars';
import { z } from 'zod';

/** A Handlebars source that compiles; a syntax error is reported on the field. */
const handlebarsSource = (field: string) =>
  z
    .string()
    .min(1)
    .max(100_000)
    .superRefine((source, context) => {
      try {
        Handlebars.precompile(source);
      } catch (error) {
        context.addIssue({ code: 'custom', message: `${field} is not valid Handlebars: ${(error as Error).message}` });
      }
    });

export const emailTemplateInputSchema = z
  .object({
    name: z.string().max(200).trim().min(1),
    description: z.string().max(2000).nullable().default(null),
    subjectTemplate: handlebarsSource('subjectTemplate').describe(
      'Handlebars; sees the run variables plus subject, message and workflowName',
    ),
    bodyTemplate: handlebarsSource('bodyTemplate').describe('Handlebars producing HTML; values are escaped'),
    isDefault: z
      .boolean()
      .default(false)
      .describe('Used by notification steps that name no template; setting it clears the previous default'),
  })
  .strict();

export type EmailTemplateInput = z.output<typeof emailTemplateInputSchema>;

/** Sample inputs of a preview: what a notification step would hand the template. */
export const emailTemplateSampleSchema = z
  .object({
    variables: z
      .record(z.string(), z.unknown())
      .default({})
      .describe('Sample run variables, as a run of the workflow would hold them'),
    subject: z.string().max(1000).optional().describe("The notification step's subject"),
    message: z.string().max(10_000).default('').describe("The notification step's message"),
    workflowName: z.string().max(200).default('').describe('The name of the workflow sending it'),
  })
  .strict();

export type EmailTemplateSample = z.output<typeof emailTemplateSampleSchema>;

/** An unsaved template's sources with its sample inputs, for a preview while editing. */
export const emailTemplateDraftPreviewSchema = emailTemplateSampleSchema
  .extend({
    subjectTemplate: handlebarsSource('subjectTemplate'),
    bodyTemplate: handlebarsSource('bodyTemplate'),
  })
  .strict();
