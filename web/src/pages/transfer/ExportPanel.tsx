import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { download } from '../../components/download';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useAction } from '../../components/use-action';
import { SECTION_LABELS, TRANSFER_SECTIONS, type TransferDocument, type TransferSection } from './transfer-types';

const namesOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');

/**
 * Export: whole sections (`GET /api/config/export?entities=…`), or named entities of them with
 * what they depend on (`POST /api/config/export`); the document is downloaded as a JSON file.
 */
export function ExportPanel() {
  const [chosen, setChosen] = useState<Set<TransferSection>>(new Set(TRANSFER_SECTIONS));
  const [named, setNamed] = useState(false);
  const [names, setNames] = useState<Partial<Record<TransferSection, string>>>({});
  const [dependencies, setDependencies] = useState(true);
  const [exported, setExported] = useState<TransferDocument>();
  const run = useAction();
  const toggle = (section: TransferSection, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(section);
      else next.delete(section);
      return next;
    });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setExported(undefined);
    await run.run(async () => {
      const sections = TRANSFER_SECTIONS.filter((section) => chosen.has(section));
      const document = named
        ? await api('POST', '/api/config/export', {
            body: {
              entities: Object.fromEntries(
                sections
                  .map((section) => [section, namesOf(names[section] ?? '')] as const)
                  .filter(([, sectionNames]) => sectionNames.length > 0),
              ),
              includeDependencies: dependencies,
            },
          })
        : await api('GET', '/api/config/export', { query: { entities: sections.join(',') } });
      download(
        `flowgate-config-${new Date().toISOString().slice(0, 10)}.json`,
        `${JSON.stringify(document, null, 2)}\n`,
        'application/json',
      );
      setExported(document);
    });
  };
  return (
    <section className="panel" aria-labelledby="transfer-export">
      <h2 id="transfer-export">Export</h2>
      <form className="form" aria-label="Export" onSubmit={submit}>
        <div className="field checkbox">
          <input
            id="export-named"
            type="checkbox"
            checked={named}
            onChange={(event) => setNamed(event.target.checked)}
          />
          <label htmlFor="export-named">
            Only named entities (per section, one name per line or comma-separated; a section without names is left out)
          </label>
        </div>
        <fieldset>
          <legend>Sections</legend>
          <div className="transfer-sections">
            {TRANSFER_SECTIONS.map((section) => (
              <div key={section} className="transfer-section">
                <label className="inline-check">
                  <input
                    type="checkbox"
                    checked={chosen.has(section)}
                    onChange={(event) => toggle(section, event.target.checked)}
                  />{' '}
                  {SECTION_LABELS[section]}
                </label>
                {named && chosen.has(section) && (
                  <textarea
                    aria-label={`Names of ${SECTION_LABELS[section]}`}
                    rows={2}
                    value={names[section] ?? ''}
                    onChange={(event) => setNames({ ...names, [section]: event.target.value })}
                  />
                )}
              </div>
            ))}
          </div>
        </fieldset>
        {named && (
          <div className="field checkbox">
            <input
              id="export-dependencies"
              type="checkbox"
              checked={dependencies}
              onChange={(event) => setDependencies(event.target.checked)}
            />
            <label htmlFor="export-dependencies">
              With what they depend on (a schedule&apos;s workflow, a workflow&apos;s project, a role&apos;s
              entitlements, an entitlement&apos;s connector)
            </label>
          </div>
        )}
        <ErrorNotice error={run.error} />
        <button type="submit" disabled={run.busy || chosen.size === 0}>
          {run.busy ? 'Exporting…' : 'Export and download'}
        </button>
      </form>
      {exported && (
        <div role="status">
          <p>
            Downloaded:{' '}
            {TRANSFER_SECTIONS.filter((section) => exported.entities[section])
              .map((section) => `${exported.entities[section]?.length ?? 0} ${SECTION_LABELS[section].toLowerCase()}`)
              .join(', ')}
            .
          </p>
          {exported.details?.map((detail) => (
            <p key={detail} className="muted">
              {detail}
            </p>
          ))}
        </div>
      )}
    </section>
  );
}
