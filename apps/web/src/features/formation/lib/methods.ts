import type { FormationMethod } from '@teamup/contracts/formation';

/** The chooser's route names (spec 02 section 2) for each method. */
export const methodSlugs = {
  DICE: 'auto-dice',
  LADDER: 'auto-ladder',
  VOTE: 'vote',
  MANUAL: 'admin',
} as const satisfies Record<FormationMethod, string>;

export type MethodSlug = (typeof methodSlugs)[FormationMethod];

export function methodOfSlug(slug: string | undefined): FormationMethod | null {
  const found = (Object.entries(methodSlugs) as Array<[FormationMethod, string]>).find(
    ([, value]) => value === slug,
  );
  return found ? found[0] : null;
}
