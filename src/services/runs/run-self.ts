/** A person, as far as the self-approval rule is concerned. */
export interface Person {
  id: string;
  email: string | null;
}

/**
 * Whether a run's subject names `person`: their user id in any form PostgreSQL reads as that
 * uuid (any case, braces, no hyphens), or their email in any case. The subject is the text the
 * starter gave, so comparing it as sent would let `<ID IN CAPITALS>` pass for someone else.
 */
function subjectNames(subject: string | null, person: Person): boolean {
  if (subject === null) return false;
  const text = subject.trim().toLowerCase();
  const asUuid = text.replace(/^\{(.*)\}$/, '$1').replace(/-/g, '');
  return asUuid === person.id.replace(/-/g, '') || text === person.email?.toLowerCase();
}

/**
 * Whether `person` started the run, set up what started it (a schedule, a webhook secret) or is
 * what it is about: who may not decide its approvals.
 */
export function isRunSelf(
  run: { startedBy: string | null; initiatedBy: string | null; subject: string | null },
  person: Person,
): boolean {
  return run.startedBy === person.id || run.initiatedBy === person.id || subjectNames(run.subject, person);
}
