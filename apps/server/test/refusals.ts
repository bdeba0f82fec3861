import { AppError } from '../src/platform/errors/app-error';

export interface Refusal {
  status: number;
  code: string;
  detail: string;
}

/**
 * What a policy's assert answers: undefined when it lets the caller through, else the problem a
 * client would get (status, code, Korean detail). Anything but an AppError is a bug and rethrown.
 */
export function refusalOf(check: () => void): Refusal | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, code: error.code, detail: error.detail };
  }
}
