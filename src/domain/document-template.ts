import { z } from 'zod';

/** Metadata only: the document files live outside Flowgate and never travel in transfer documents. */
export const documentTemplateInputSchema = z
  .object({
    name: z.string().max(200).trim().min(1),
    description: z.string().max(2000).nullable().default(null),
    fileName: z.string().min(1).max(255).nullable().default(null).describe('File name of the template, e.g. nda.docx'),
    mimeType: z
      .string()
      .regex(/^[\w.+-]+\/[\w.+-]+$/, 'mimeType must look like type/subtype')
      .nullable()
      .default(null),
    placeholders: z
      .array(z.string().min(1).max(200))
      .max(500)
      .default([])
      .describe('Names of the placeholders the document expects, filled from run variables'),
  })
  .strict();

export type DocumentTemplateInput = z.output<typeof documentTemplateInputSchema>;

/** Sample run variables for a document template's preview. */
export const documentTemplateSampleSchema = z
  .object({
    variables: z
      .record(z.string(), z.unknown())
      .default({})
      .describe('Sample run variables; a placeholder `a.b` reads `b` inside the variable `a`'),
  })
  .strict();
