import type { Endpoint } from './endpoint';

/** The names in a path: `/teams/:teamId/schedules/:id` → `'teamId' | 'id'`. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a path needs, one per `:name`. */
export type PathParams<E extends Endpoint> = Record<ParamNames<E['path']>, string | number>;

type PathArguments<E extends Endpoint> = [ParamNames<E['path']>] extends [never]
  ? []
  : [params: PathParams<E>];

/**
 * The request path of an endpoint with its params filled in (each one URI-encoded):
 * `pathOf(scheduleEndpoints.update, { teamId: 3, id: 9 })` → `/teams/3/schedules/9`.
 */
export function pathOf<E extends Endpoint>(endpoint: E, ...[params]: PathArguments<E>): string {
  const values: Record<string, string | number> = params ?? {};
  return endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
