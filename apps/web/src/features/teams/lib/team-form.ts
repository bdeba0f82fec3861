import { createTeamSchema, type AnnouncementPosting } from '@teamup/contracts/teams';

export interface TeamFormValues {
  name: string;
  description: string;
  password: string;
}

export type TeamFormErrors = Partial<Record<keyof TeamFormValues, string>>;

/**
 * Checks the create form with the contract's rules (name required, at most 50; description at
 * most 500; password empty or 4 to 64). Answers the errors per field; empty when valid.
 */
export function validateTeamForm(values: TeamFormValues, workspaceId: number): TeamFormErrors {
  const result = createTeamSchema.safeParse({ ...values, workspaceId });
  if (result.success) return {};
  const errors: TeamFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'description' || field === 'password') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

/** The POST /teams body: trimmed name, blank description and password left out. */
export function teamCreateBody(values: TeamFormValues, workspaceId: number) {
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    workspaceId,
    ...(description ? { description } : {}),
    ...(values.password ? { password: values.password } : {}),
  };
}

export interface TeamEditValues extends TeamFormValues {
  /** Take the password away (anyone in the workspace may then join). */
  removePassword: boolean;
  /** Who may post announcements: the leader's choice, so absent from anyone else's form. */
  announcementPosting?: AnnouncementPosting;
}

/**
 * The PUT /teams/{id} body: trimmed name and description; the password only when it changes
 * (a new one, or '' to remove it), so an empty field keeps the current one; who may post
 * announcements when the form has it (the leader's).
 */
export function teamUpdateBody(values: TeamEditValues) {
  const password = values.removePassword ? '' : values.password;
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    ...(values.removePassword || password ? { password } : {}),
    ...(values.announcementPosting ? { announcementPosting: values.announcementPosting } : {}),
  };
}
