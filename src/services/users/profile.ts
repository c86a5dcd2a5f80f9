import { jsonColumn, type DatabaseClient } from '../../db/client.js';
import { jsonObject } from '../../domain/common.js';
import { fitsProfileField, PROFILE_FIELDS, type ProfileField, type ProfileSource } from '../../domain/profile.js';

export interface ProfileChanges {
  fields?: Partial<Record<ProfileField, string | null>>;
  /** Custom attributes to set; null removes one. */
  custom?: Record<string, unknown>;
  /** The user's manager, a user id the caller has checked; null removes it. */
  managerId?: string | null;
}

/**
 * The one way profile attributes are written, by every source (manual edits, OIDC, workflows,
 * connector sync): it records in `attributeSources` which source last wrote each field
 * (custom attributes as `custom.<name>`).
 */
export async function writeProfile(
  tx: DatabaseClient,
  userId: string,
  changes: ProfileChanges,
  source: ProfileSource,
): Promise<string[]> {
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
  const sources = jsonObject.parse(user.attributeSources);
  const custom = jsonObject.parse(user.customAttributes);
  const written: string[] = [];
  const data: Partial<Record<ProfileField, string | null>> = {};
  for (const field of PROFILE_FIELDS) {
    const value = changes.fields?.[field];
    // The API refuses such a value (400); from a connector's record it is not written.
    if (value === undefined || (value !== null && !fitsProfileField(field, value))) continue;
    data[field] = value;
    sources[field] = source;
    written.push(field);
  }
  for (const [name, value] of Object.entries(changes.custom ?? {})) {
    if (value === null) delete custom[name];
    else custom[name] = value;
    sources[`custom.${name}`] = source;
    written.push(`custom.${name}`);
  }
  if (changes.managerId !== undefined) {
    sources.managerId = source;
    written.push('managerId');
  }
  await tx.user.update({
    where: { id: userId },
    data: {
      ...data,
      ...(changes.managerId === undefined ? {} : { managerId: changes.managerId }),
      customAttributes: jsonColumn(custom),
      attributeSources: jsonColumn(sources),
    },
  });
  return written;
}
