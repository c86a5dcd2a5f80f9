import type { z } from 'zod';
import type { DatabaseClient } from '../../db/client.js';
import { validationFailed } from '../../errors/index.js';
import {
  TRANSFER_SECTIONS,
  entryKey,
  rawEntryKey,
  transferDocumentSchema,
  type TransferDocument,
  type TransferSection,
} from '../../domain/transfer-document.js';
import { describeCycle, parentCycles } from './organization-parents.js';

/** One reason a document is refused: where (section and entry name, when known) and why. */
export interface DocumentProblem {
  section: string | null;
  name: string | null;
  path: string;
  message: string;
}

const isSection = (value: unknown): value is TransferSection =>
  typeof value === 'string' && (TRANSFER_SECTIONS as string[]).includes(value);

/** The name of the raw entry at `entities[section][index]`, else its position. */
function rawEntryName(input: unknown, section: TransferSection, index: unknown): string | null {
  if (typeof index !== 'number') return null;
  const entities = (input as { entities?: Record<string, unknown> } | null)?.entities;
  const entries = entities?.[section];
  return (Array.isArray(entries) ? rawEntryKey(section, entries[index]) : null) ?? `#${index}`;
}

function shapeProblems(input: unknown, issues: z.core.$ZodIssue[]): DocumentProblem[] {
  return issues.flatMap((issue): DocumentProblem[] => {
    const [root, section, index] = issue.path;
    const path = issue.path.join('.');
    if (root === 'entities' && isSection(section)) {
      return [{ section, name: rawEntryName(input, section, index), path, message: issue.message }];
    }
    if (root === 'entities' && issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        section: key,
        name: null,
        path,
        message: `Unknown section "${key}"; sections are: ${TRANSFER_SECTIONS.join(', ')}`,
      }));
    }
    return [{ section: null, name: null, path, message: issue.message }];
  });
}

const namesOf = (entries: Array<{ name: string }> | undefined) => new Set((entries ?? []).map((entry) => entry.name));

/** References by name that point at nothing, in the document or in the database, and parent cycles. */
async function referenceProblems(db: DatabaseClient, document: TransferDocument): Promise<DocumentProblem[]> {
  const { entities } = document;
  const problems: DocumentProblem[] = [];
  const report = (section: TransferSection, name: string, field: string, message: string) =>
    problems.push({ section, name, path: `entities.${section}.${field}`, message });
  const [connectors, entitlements, projects, workflows, organizations] = await Promise.all([
    db.connector.findMany({ select: { name: true } }),
    db.entitlement.findMany({ select: { name: true } }),
    db.project.findMany({ select: { name: true, workflowSets: { select: { name: true } } } }),
    db.workflowDefinition.findMany({ where: { deletedAt: null }, select: { name: true }, distinct: ['name'] }),
    db.organization.findMany({
      where: { deletedAt: null },
      select: { name: true, parent: { select: { name: true } } },
    }),
  ]);
  const known = {
    connectors: new Set([...namesOf(connectors), ...namesOf(entities.connectors)]),
    entitlements: new Set([...namesOf(entitlements), ...namesOf(entities.entitlements)]),
    workflows: new Set([...namesOf(workflows), ...namesOf(entities.workflows)]),
  };
  const setsByProject = new Map<string, Set<string>>(
    projects.map((project) => [project.name, namesOf(project.workflowSets)]),
  );
  for (const project of entities.projects ?? []) {
    const sets = setsByProject.get(project.name) ?? new Set<string>();
    for (const set of project.workflowSets) sets.add(set.name);
    setsByProject.set(project.name, sets);
  }

  for (const entitlement of entities.entitlements ?? []) {
    if (!known.connectors.has(entitlement.connector)) {
      report('entitlements', entitlement.name, 'connector', `Unknown connector "${entitlement.connector}"`);
    }
  }
  for (const role of entities.roles ?? []) {
    const missing = role.entitlements.filter((name) => !known.entitlements.has(name));
    if (missing.length > 0) report('roles', role.name, 'entitlements', `Unknown entitlements: ${missing.join(', ')}`);
  }
  for (const workflow of entities.workflows ?? []) {
    if (!workflow.project) continue;
    const sets = setsByProject.get(workflow.project);
    if (!sets) report('workflows', workflow.name, 'project', `Unknown project "${workflow.project}"`);
    else if (workflow.workflowSet && !sets.has(workflow.workflowSet)) {
      report(
        'workflows',
        workflow.name,
        'workflowSet',
        `Unknown workflow set "${workflow.workflowSet}" in project "${workflow.project}"`,
      );
    }
  }
  for (const schedule of entities.schedules ?? []) {
    if (!known.workflows.has(schedule.workflow)) {
      report('schedules', entryKey('schedules', schedule), 'workflow', `Unknown workflow "${schedule.workflow}"`);
    }
  }

  // Parents as they will be after the import: the document's where it names the organization.
  const parents = new Map(organizations.map((row) => [row.name, row.parent?.name ?? null]));
  for (const organization of entities.organizations ?? []) parents.set(organization.name, organization.parent);
  const cycles = parentCycles(parents);
  for (const organization of entities.organizations ?? []) {
    if (organization.parent === null) continue;
    if (!parents.has(organization.parent)) {
      report('organizations', organization.name, 'parent', `Unknown parent organization "${organization.parent}"`);
      continue;
    }
    const cycle = cycles.get(organization.name);
    if (cycle) report('organizations', organization.name, 'parent', `Parent cycle: ${describeCycle(cycle)}`);
  }
  return problems;
}

/** At most this many problems are listed in the 400's details; its message counts them all. */
const PROBLEMS_LISTED = 1000;

/**
 * The document, parsed, with every reference resolvable; otherwise a 400 whose details list its
 * problems (by section and entry name, the first `PROBLEMS_LISTED`). References are checked only
 * once the shape is valid.
 */
export async function checkDocument(db: DatabaseClient, input: unknown): Promise<TransferDocument> {
  const parsed = transferDocumentSchema.safeParse(input);
  const problems = parsed.success
    ? await referenceProblems(db, parsed.data)
    : shapeProblems(input, parsed.error.issues);
  if (problems.length === 0 && parsed.success) return parsed.data;
  const listed = problems
    .slice(0, 5)
    .map((problem) => `${problem.section ?? 'document'}${problem.name ? ` "${problem.name}"` : ''}: ${problem.message}`)
    .join('; ');
  throw validationFailed(
    `The document has ${problems.length} problem(s), nothing was imported: ${listed}${problems.length > 5 ? '; …' : ''}` +
      (problems.length > PROBLEMS_LISTED ? ` (details list the first ${PROBLEMS_LISTED})` : ''),
    { problems: problems.slice(0, PROBLEMS_LISTED) },
  );
}
