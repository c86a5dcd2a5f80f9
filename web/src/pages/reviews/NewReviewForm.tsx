/**
 * The form of a new access review campaign: what is reviewed (business roles and groups by name),
 * who reviews (named people or each person's manager), when it is due and what the close does.
 * The API validates; its messages show next to their fields.
 */
import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formErrorsOf } from '../../components/field-errors';
import { TextField } from '../../components/TextField';
import { UserName } from '../../components/UserName';
import { UserPicker } from '../../components/UserPicker';
import { useAction } from '../../components/use-action';
import { navigate } from '../../router';

const FIELDS = [
  'name',
  'description',
  'scope',
  'scope.businessRoles',
  'scope.groups',
  'reviewers.userIds',
  'dueInDays',
  'whenUnanswered',
];

/** Names typed one per line or separated by commas. */
const namesOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');

export function NewReviewForm() {
  const action = useAction();
  const [values, setValues] = useState({
    name: '',
    description: '',
    businessRoles: '',
    groups: '',
    reviewerType: 'users' as 'users' | 'manager',
    dueInDays: '14',
    whenUnanswered: 'keep' as 'keep' | 'revoke',
    autoRemediate: true,
  });
  const [picked, setPicked] = useState('');
  const [reviewerIds, setReviewerIds] = useState<string[]>([]);
  const change = (part: Partial<typeof values>) => setValues((previous) => ({ ...previous, ...part }));
  const errors = formErrorsOf(action.error, undefined, FIELDS);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await action.run(async () => {
      const review = await api('POST', '/api/access-reviews', {
        body: {
          name: values.name.trim(),
          description: values.description.trim() || null,
          scope: { businessRoles: namesOf(values.businessRoles), groups: namesOf(values.groups) },
          reviewers: values.reviewerType === 'users' ? { type: 'users', userIds: reviewerIds } : { type: 'manager' },
          dueInDays: Number(values.dueInDays),
          whenUnanswered: values.whenUnanswered,
          autoRemediate: values.autoRemediate,
        },
      });
      navigate(`/reviews/${review.id}`);
    });
  };
  return (
    <form className="form" aria-label="New campaign" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        id="review-name"
        label="Name"
        required
        value={values.name}
        onChange={(name) => change({ name })}
        error={errors.fields.name}
      />
      <TextField
        id="review-description"
        label="Description"
        multiline
        value={values.description}
        onChange={(description) => change({ description })}
        error={errors.fields.description}
      />
      <TextField
        id="review-business-roles"
        label="Business roles to review"
        hint="Names, separated by commas"
        value={values.businessRoles}
        onChange={(businessRoles) => change({ businessRoles })}
        error={errors.fields['scope.businessRoles'] ?? errors.fields.scope}
      />
      <TextField
        id="review-groups"
        label="Groups to review"
        hint="Names, separated by commas"
        value={values.groups}
        onChange={(groups) => change({ groups })}
        error={errors.fields['scope.groups']}
      />
      <div className="field">
        <label htmlFor="review-reviewer-type">Reviewers</label>
        <select
          id="review-reviewer-type"
          value={values.reviewerType}
          onChange={(event) => change({ reviewerType: event.target.value as 'users' | 'manager' })}
        >
          <option value="users">Named people</option>
          <option value="manager">Each person's manager</option>
        </select>
      </div>
      {values.reviewerType === 'users' && (
        <fieldset>
          <legend>Named reviewers</legend>
          <ul>
            {reviewerIds.map((id) => (
              <li key={id}>
                <UserName userId={id} />{' '}
                <button type="button" onClick={() => setReviewerIds((ids) => ids.filter((other) => other !== id))}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <UserPicker
            id="review-reviewer"
            label="Reviewer"
            value={picked}
            onChange={setPicked}
            extra={[{ value: '', label: 'Choose a person' }]}
          />
          <button
            type="button"
            disabled={picked === '' || reviewerIds.includes(picked)}
            onClick={() => {
              setReviewerIds((ids) => [...ids, picked]);
              setPicked('');
            }}
          >
            Add reviewer
          </button>
          {errors.fields['reviewers.userIds'] && (
            <p className="error" role="alert">
              {errors.fields['reviewers.userIds']}
            </p>
          )}
        </fieldset>
      )}
      <TextField
        id="review-due"
        label="Due in days"
        type="number"
        value={values.dueInDays}
        onChange={(dueInDays) => change({ dueInDays })}
        error={errors.fields.dueInDays}
      />
      <div className="field">
        <label htmlFor="review-unanswered">Items still undecided at the due date</label>
        <select
          id="review-unanswered"
          value={values.whenUnanswered}
          onChange={(event) => change({ whenUnanswered: event.target.value as 'keep' | 'revoke' })}
        >
          <option value="keep">Keep the access</option>
          <option value="revoke">Revoke the access</option>
        </select>
      </div>
      <div className="field checkbox">
        <input
          id="review-auto-remediate"
          type="checkbox"
          checked={values.autoRemediate}
          onChange={(event) => change({ autoRemediate: event.target.checked })}
        />
        <label htmlFor="review-auto-remediate">Remove revoked access at the close without waiting for a go</label>
      </div>
      <ErrorNotice error={errors.form} />
      <div className="actions">
        <button type="submit" className="primary" disabled={action.busy}>
          Create campaign
        </button>
      </div>
    </form>
  );
}
